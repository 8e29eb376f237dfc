import { describe, expect, it } from 'vitest';
import { constants } from '@variant/constants';
import { checkAttachment, plaintextSize, sizeParts, thumbnailBox } from './attachments.ts';

const rules = { imageTypes: constants.upload.imageTypes, supportedFileTypes: ['pdf', 'docx', 'txt'], attachSize: 1000 };

describe('attachment checks', () => {
  it('accepts the seed image types for images', () => {
    for (const ext of ['gif', 'jpeg', 'jpg', 'png']) expect(checkAttachment({ name: `a.${ext}`, size: 10 }, 'image', rules)).toBeNull();
    expect(checkAttachment({ name: 'a.bmp', size: 10 }, 'image', rules)?.key).toBe('errors.fileTypeUnsupported');
  });

  it('applies the server file types and the size limit', () => {
    expect(checkAttachment({ name: 'a.exe', size: 10 }, 'file', rules)?.key).toBe('errors.fileTypeUnsupported');
    expect(checkAttachment({ name: 'a.PDF', size: 10 }, 'file', rules)).toBeNull();
    expect(checkAttachment({ name: 'a.pdf', size: 1001 }, 'file', rules)).toEqual({
      key: 'errors.attachTooLarge',
      params: { name: 'a.pdf', limit: 1000 },
    });
    expect(checkAttachment({ name: 'a.exe', size: 10 }, 'file', { ...rules, supportedFileTypes: [] })).toBeNull();
  });

  it('formats sizes and reserves thumbnail space within 300 x 500', () => {
    expect(sizeParts(2048)).toEqual({ unit: 'kb', value: '2.0' });
    expect(thumbnailBox(600, 400, 300, 500)).toEqual({ width: 300, height: 200 });
    expect(thumbnailBox(400, 2000, 300, 500)).toEqual({ width: 100, height: 500 });
    expect(thumbnailBox(100, 50, 300, 500)).toEqual({ width: 100, height: 50 });
  });
});

describe('attachment size label', () => {
  it('is the plaintext size from the metadata, not the ciphertext size the server counts', () => {
    expect(plaintextSize({ fileMetadata: { size: 45 }, aesMessageFilesize: 73 })).toBe(45);
    expect(plaintextSize({ aesMessageFilesize: 73 })).toBe(73);
    expect(plaintextSize({})).toBeUndefined();
  });
});
