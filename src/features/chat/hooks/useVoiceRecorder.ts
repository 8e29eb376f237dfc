// Voice recording with the browser's microphone (MediaRecorder): start asks for the microphone, stop hands over
// the recording with its length. Without a microphone the seed's 'No microphone found (check it is connected)';
// when the browser or the user refuses access, a text saying so.
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'recording'; startedAt: number };
export type RecorderError = 'messages.noMicrophone' | 'messages.microphoneBlocked' | 'messages.recordingFailed';

export interface Recording {
  file: File;
  /** Seconds. */
  duration: number;
}

/** The container Chromium and Firefox record in; the first one the browser supports. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function errorOf(error: unknown): RecorderError {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'messages.noMicrophone';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'messages.microphoneBlocked';
  return 'messages.recordingFailed';
}

export function useVoiceRecorder(onError: (error: RecorderError) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
    setState({ phase: 'idle' });
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return onError('messages.noMicrophone');
    setState({ phase: 'starting' });
    try {
      const devices = await navigator.mediaDevices.enumerateDevices();
      if (!devices.some((device) => device.kind === 'audioinput')) throw new DOMException('no audio input', 'NotFoundError');
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      recorder.current = new MediaRecorder(stream.current, mimeType ? { mimeType } : undefined);
      recorder.current.start();
      setState({ phase: 'recording', startedAt: Date.now() });
    } catch (error) {
      release();
      onError(errorOf(error));
    }
  }, [onError, release]);

  /** Ends the recording; resolves with it (null when cancelled or nothing was recorded). */
  const stop = useCallback(
    (keep: boolean): Promise<Recording | null> => {
      const active = recorder.current;
      const startedAt = state.phase === 'recording' ? state.startedAt : Date.now();
      if (!active || active.state === 'inactive') {
        release();
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        const chunks: Blob[] = [];
        active.ondataavailable = (event) => chunks.push(event.data);
        active.onstop = () => {
          release();
          const blob = new Blob(chunks, { type: active.mimeType });
          if (!keep || blob.size === 0) return resolve(null);
          const extension = active.mimeType.includes('ogg') ? 'ogg' : active.mimeType.includes('mp4') ? 'm4a' : 'webm';
          const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
          resolve({ file: new File([blob], `voice-${stamp}.${extension}`, { type: blob.type }), duration: (Date.now() - startedAt) / 1000 });
        };
        active.stop();
      });
    },
    [release, state],
  );

  // Leaving the room (or the page) while recording drops the recording and frees the microphone.
  useEffect(() => () => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    for (const track of stream.current?.getTracks() ?? []) track.stop();
  }, []);

  return { state, start, stop };
}
