import { describe, expect, it } from 'vitest';
import { audioBlob } from './speech.ts';

describe('audioBlob', () => {
  it('decodes the base64 audio bytes', async () => {
    const blob = audioBlob('SUQzBA==\n');
    expect(blob).not.toBeNull();
    expect([...new Uint8Array(await blob!.arrayBuffer())]).toEqual([0x49, 0x44, 0x33, 0x04]);
  });

  it('refuses an empty or hostile answer', () => {
    expect(audioBlob('')).toBeNull();
    expect(audioBlob('<script>alert(1)</script>')).toBeNull();
    expect(audioBlob('abc')).toBeNull();
  });
});
