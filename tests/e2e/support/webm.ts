// Short real WebM videos for the browser tests: recorded from a canvas by the page's own MediaRecorder, then given
// the length a test needs in the Segment Info's Duration, which is what the browser reads as the video's length.
import type { Page } from '@playwright/test';

/** A few frames of VP8 video, recorded in the page. */
export async function recordCanvasWebm(page: Page): Promise<Uint8Array> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 12; frame += 1) {
      context.fillStyle = frame % 2 ? '#1D4E89' : '#B42318';
      context.fillRect(0, 0, 64, 48);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return new Uint8Array(bytes);
}

const INFO = [0x15, 0x49, 0xa9, 0x66];
const DURATION = [0x44, 0x89];

function find(bytes: Uint8Array, id: readonly number[], from = 0): number {
  for (let at = from; at <= bytes.length - id.length; at += 1) if (id.every((byte, index) => bytes[at + index] === byte)) return at;
  throw new Error('WebM element not found');
}

/**
 * The same WebM saying it lasts `seconds`: the recorder writes the Duration once it stops (in its TimecodeScale
 * of 1 ms); it is rewritten in place, so no element moves and the SeekHead and Cues stay right.
 */
export function withDuration(webm: Uint8Array, seconds: number): Uint8Array {
  const out = new Uint8Array(webm);
  const at = find(out, DURATION, find(out, INFO));
  const size = out[at + 2];
  const view = new DataView(out.buffer, at + 3);
  if (size === 0x84) view.setFloat32(0, seconds * 1000);
  else if (size === 0x88) view.setFloat64(0, seconds * 1000);
  else throw new Error('unexpected WebM Duration size');
  return out;
}
