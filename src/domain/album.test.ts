import { describe, expect, it } from 'vitest';
import { canSaveToAlbum } from './album.ts';

describe('canSaveToAlbum', () => {
  it('offers sent attachments only', () => {
    expect(canSaveToAlbum({ messageId: '1', messageType: 'IMAGE' })).toBe(true);
    expect(canSaveToAlbum({ messageId: '1', messageType: 'FILE' })).toBe(true);
    expect(canSaveToAlbum({ messageId: '1', messageType: 'TEXT' })).toBe(false);
    expect(canSaveToAlbum({ messageId: 'local-1', messageType: 'IMAGE' })).toBe(false);
    expect(canSaveToAlbum({ messageId: '1', messageType: 'IMAGE', messageStatus: 'ALL_DELETED' })).toBe(false);
  });
});
