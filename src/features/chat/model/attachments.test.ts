import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { constants } from '@variant/constants';
import { checkAttachment, FILE_NAME_MAX_LENGTH, fitFileName, plaintextSize, thumbnailBox } from './attachments.ts';

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

  it('reserves thumbnail space within 300 x 500', () => {
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

describe('the name a file is sent under', () => {
  it('is kept when the server takes it, and otherwise cut at the end of its stem with its extension kept', () => {
    const fits = `${'a'.repeat(251)}.pdf`;
    expect(fitFileName(fits)).toBe(fits);
    const long = `${'ä'.repeat(300)}.pdf`;
    expect(fitFileName(long)).toBe(`${'ä'.repeat(251)}.pdf`);
    expect([...fitFileName(long)]).toHaveLength(255);
  });

  it('never splits an emoji, and keeps no "extension" that is most of the name', () => {
    const emoji = fitFileName(`${'😀'.repeat(300)}.docx`);
    expect(emoji).toBe(`${'😀'.repeat(250)}.docx`);
    expect(emoji.length).toBe(505); // 250 surrogate pairs and '.docx': nothing cut in half
    expect(fitFileName(`report.${'x'.repeat(300)}`)).toBe(`report.${'x'.repeat(248)}`);
    expect(fitFileName('x'.repeat(300))).toBe('x'.repeat(255));
  });

  it("keeps the send call's limit", () => {
    const schema = JSON.parse(readFileSync(new URL('../../../../schema/endpoints/messages.json', import.meta.url), 'utf8')) as unknown;
    const limits = JSON.stringify(schema).match(/"aesMessageFilename":\{[^}]*"maxLength":(\d+)/g) ?? [];
    expect(limits.length).toBeGreaterThan(0);
    for (const limit of limits) expect(Number(/(\d+)$/.exec(limit)?.[1])).toBe(FILE_NAME_MAX_LENGTH);
  });
});
