// The composer's microphone button; while recording, the elapsed time with Cancel and Send.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mic, SendHorizontal, X } from 'lucide-react';
import { IconButton, showToast } from '../../../ui/index.ts';
import { useVoiceRecorder, type Recording, type RecorderError } from '../hooks/useVoiceRecorder.ts';
import { clock } from '../../../domain/messageKinds.ts';
import styles from './Chat.module.scss';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="recording-time">{clock((now - since) / 1000)}</span>;
}

export function VoiceRecorder({ onRecorded }: { onRecorded: (recording: Recording) => void }) {
  const { t } = useTranslation();
  const onError = useCallback((error: RecorderError) => showToast(t(error)), [t]);
  const { state, start, stop } = useVoiceRecorder(onError);
  if (state.phase !== 'recording') {
    return <IconButton icon={Mic} label={t('messages.recordVoice')} disabled={state.phase === 'starting'} onClick={() => void start()} />;
  }
  return (
    <div className={styles.recording} role="group" aria-label={t('messages.recording')} data-testid="voice-recorder">
      <span className={styles.recordingDot} aria-hidden="true" />
      <span>{t('messages.recording')}</span>
      <Elapsed since={state.startedAt} />
      <IconButton icon={X} label={t('messages.cancelRecording')} onClick={() => void stop(false)} />
      <IconButton
        icon={SendHorizontal}
        label={t('messages.sendRecording')}
        tone="accent"
        onClick={() => void stop(true).then((recording) => recording && onRecorded(recording))}
      />
    </div>
  );
}
