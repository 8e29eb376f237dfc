import { describe, expect, it } from 'vitest';
import { mediaText } from './mediaText.ts';

describe('media text popup', () => {
  it('tells what the picture is, who sent it and when, with the words sent with it', () => {
    const text = mediaText({
      messageId: '7',
      messageType: 'IMAGE',
      messageUsername: 'Alice Chan',
      messageCreateDate: 1_700_000_000_000,
      aesMessageFilename: 'ward.png',
      aesMessageFilesize: 9999,
      text: '  Bed 4 after the round  ',
      fileMetadata: { mimeType: 'image/png', size: 2048, width: 640, height: 480 },
    });
    expect(text).toEqual({
      caption: 'Bed 4 after the round',
      name: 'ward.png',
      type: 'PNG',
      size: { unit: 'kb', value: '2.0' },
      dimensions: '640 × 480',
      duration: null,
      sender: { you: false, name: 'Alice Chan' },
      sentAt: 1_700_000_000_000,
    });
  });

  it('gives a video its length, and nothing it does not know', () => {
    const text = mediaText({ messageId: '8', messageType: 'VIDEO', isSendFromYou: true, aesMessageFilename: 'clip.webm', fileMetadata: { duration: 75.4 } });
    expect(text).toMatchObject({ caption: null, duration: '1:15', dimensions: null, size: null, sender: { you: true }, sentAt: null });
    expect(mediaText({ messageId: '9', messageType: 'VIDEO', fileMetadata: { duration: Infinity } }).duration).toBeNull();
  });

  it('shows a file name without bidi controls and its real type', () => {
    const text = mediaText({ messageId: '10', messageType: 'IMAGE', aesMessageFilename: 'x\u202Egnp.exe' });
    expect(text.name).toBe('xgnp.exe');
    expect(text.type).toBe('EXE');
    expect(mediaText({ messageId: '11' }).name).toBe('file-11');
  });
});
