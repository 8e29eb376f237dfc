import { describe, expect, it } from 'vitest';
import { albumEntries, albumNotice, isProcessing, previewKind, toggled } from './album.ts';

describe('previewKind', () => {
  it('previews the seed image types, mp4/webm/ogg video and pdf', () => {
    expect(previewKind({ fileType: 'image/png', filename: 'a.png' })).toBe('image');
    expect(previewKind({ fileType: 'image/gif', filename: 'a' })).toBe('image');
    expect(previewKind({ fileType: 'video/webm', filename: 'v.webm' })).toBe('video');
    expect(previewKind({ fileType: 'application/pdf', filename: 'x' })).toBe('pdf');
  });

  it('previews only pictures in a variant without file preview', () => {
    expect(previewKind({ fileType: 'image/png', filename: 'a.png' }, false)).toBe('image');
    expect(previewKind({ fileType: 'video/mp4', filename: 'v.mp4' }, false)).toBeNull();
    expect(previewKind({ fileType: 'application/pdf', filename: 'x.pdf' }, false)).toBeNull();
  });

  it('downloads anything else, and never trusts an extension over a real type', () => {
    expect(previewKind({ fileType: 'image/svg+xml', filename: 'a.png' })).toBeNull();
    expect(previewKind({ fileType: 'text/html', filename: 'page.pdf' })).toBeNull();
    expect(previewKind({ fileType: 'application/zip', filename: 'a.zip' })).toBeNull();
  });

  it('falls back to the extension for a generic type', () => {
    expect(previewKind({ fileType: 'application/octet-stream', filename: 'Scan.PDF' })).toBe('pdf');
    expect(previewKind({ filename: 'clip.mp4' })).toBe('video');
    expect(previewKind({ fileType: '', filename: 'no-extension' })).toBeNull();
  });
});

describe('album entries', () => {
  it('keeps each entry once when a new one pushed the next page down', () => {
    const entry = (fileId: string) => ({ fileId, filename: `${fileId}.png` });
    const pages = [{ privateAlbumFiles: [entry('9'), entry('8')] }, { privateAlbumFiles: [entry('8'), entry('7')] }];
    expect(albumEntries(pages).map((e) => e.fileId)).toEqual(['9', '8', '7']);
  });

  it('reads PROCESSING as not ready and anything else as ready', () => {
    expect(isProcessing({ status: 'PROCESSING' })).toBe(true);
    expect(isProcessing({ status: 'READY' })).toBe(false);
    expect(isProcessing({})).toBe(false);
  });

  it('toggles a selection without changing the old one', () => {
    const before = new Set(['1']);
    expect([...toggled(before, '2')]).toEqual(['1', '2']);
    expect([...toggled(before, '1')]).toEqual([]);
    expect([...before]).toEqual(['1']);
  });
});

describe('albumNotice', () => {
  it('reads the server’s PRIVATE_ALBUM custom notification', () => {
    const notice = albumNotice({ notifyType: 'CUSTOM_NOTIFICATION', dataId: '5', data: { kind: 'PRIVATE_ALBUM', status: 'READY', fileId: '5', messageId: '12', roomId: '3', filename: 'scan.png' } });
    expect(notice).toEqual({ fileId: '5', status: 'READY', filename: 'scan.png', messageId: '12' });
    expect(albumNotice({ notifyType: 'CUSTOM_NOTIFICATION', dataId: '6', data: { kind: 'PRIVATE_ALBUM', status: 'FAILED' } })).toEqual({ fileId: '6', status: 'FAILED', filename: '' });
  });

  it('ignores other notifications and malformed data', () => {
    expect(albumNotice({ notifyType: 'NEW_MESSAGE', dataId: '1', data: { kind: 'PRIVATE_ALBUM', status: 'READY' } })).toBeNull();
    expect(albumNotice({ notifyType: 'CUSTOM_NOTIFICATION', dataId: '1', data: { kind: 'OTHER', status: 'READY' } })).toBeNull();
    expect(albumNotice({ notifyType: 'CUSTOM_NOTIFICATION', dataId: '1', data: { kind: 'PRIVATE_ALBUM', status: 'DONE' } })).toBeNull();
    expect(albumNotice({ notifyType: 'CUSTOM_NOTIFICATION', dataId: '1' })).toBeNull();
    expect(albumNotice({ notifyType: 'CUSTOM_NOTIFICATION', data: { kind: 'PRIVATE_ALBUM', status: 'READY' } })).toBeNull();
  });
});
