import { describe, expect, it } from 'vitest';
import { deletionOf } from './deletions.ts';

describe('deletion notifications', () => {
  it('shows every recalled message as deleted, not only the first', () => {
    expect(deletionOf({ notifyType: 'MESSAGE_DELETED', dataId: '4', data: { messageIds: ['4', '5'] } })).toEqual({ kind: 'recalled', messageIds: ['4', '5'] });
    expect(deletionOf({ notifyType: 'MESSAGE_DELETED', dataId: '4' })).toEqual({ kind: 'recalled', messageIds: ['4'] });
  });

  it('takes self-destructed and deleted-for-me messages away', () => {
    expect(deletionOf({ notifyType: 'MESSAGE_DELETED', dataId: '7', data: { messageIds: ['7', '8'], reason: 'SELF_DESTRUCT' } })).toEqual({ kind: 'removed', messageIds: ['7', '8'] });
    expect(deletionOf({ notifyType: 'MESSAGE_DELETED_FOR_ME', dataId: '9', data: { messageIds: ['9'] } })).toEqual({ kind: 'removed', messageIds: ['9'] });
  });

  it('falls back to dataId when the list is not one of texts, and ignores other notifications', () => {
    expect(deletionOf({ notifyType: 'MESSAGE_DELETED_FOR_ME', dataId: '3', data: { messageIds: [3] } })).toEqual({ kind: 'removed', messageIds: ['3'] });
    expect(deletionOf({ notifyType: 'NEW_MESSAGE', dataId: '3' })).toBeNull();
  });
});
