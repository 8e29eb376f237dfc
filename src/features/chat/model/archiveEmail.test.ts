import { describe, expect, it } from 'vitest';
import type { AnyNotification } from '@generated/realtime/index';
import { archiveEmailNotice, emailStateKeys } from './archiveEmail.ts';

/** A CUSTOM_NOTIFICATION as the server sends it, with the data under test. */
const custom = (data: Record<string, unknown>): AnyNotification => ({ notifyType: 'CUSTOM_NOTIFICATION', senderId: '1', dataId: '7', data });

describe('archiveEmailNotice', () => {
  it('reads the archive of an ARCHIVE_EMAIL custom notification', () => {
    const notice = archiveEmailNotice(
      custom({ kind: 'ARCHIVE_EMAIL', archivedMessage: { id: '7', date: 5, roomName: 'Ward', roomId: '3', emailStatus: 'FAILED', emailFailure: 'TOO_LARGE' } }),
    );
    expect(notice).toEqual({ id: '7', date: 5, roomName: 'Ward', roomId: '3', emailStatus: 'FAILED', emailFailure: 'TOO_LARGE' });
  });

  it('ignores other notifications, other kinds, a mail still on the way and an unknown reason', () => {
    const archived: AnyNotification = { notifyType: 'MESSAGE_ARCHIVED', senderId: '1', dataId: '1', roomId: '3', data: { archivedMessage: { id: '1', date: 5, emailStatus: 'SENT' } } };
    expect(archiveEmailNotice(archived)).toBeNull();
    expect(archiveEmailNotice(custom({ kind: 'PRIVATE_ALBUM', status: 'READY' }))).toBeNull();
    expect(archiveEmailNotice(custom({ kind: 'ARCHIVE_EMAIL', archivedMessage: { id: '1', emailStatus: 'PENDING' } }))).toBeNull();
    expect(archiveEmailNotice(custom({ kind: 'ARCHIVE_EMAIL' }))).toBeNull();
    const odd = archiveEmailNotice(custom({ kind: 'ARCHIVE_EMAIL', archivedMessage: { id: '1', emailStatus: 'FAILED', emailFailure: 'LOST' } }));
    expect(odd).toEqual({ id: '1', date: 0, emailStatus: 'FAILED' });
  });
});

describe('emailStateKeys', () => {
  it('names the state and, for a failure, its reason', () => {
    expect(emailStateKeys({})).toBeNull();
    expect(emailStateKeys({ emailStatus: 'PENDING' })).toEqual({ state: 'history.emailPending' });
    expect(emailStateKeys({ emailStatus: 'SENT' })).toEqual({ state: 'history.emailSent' });
    expect(emailStateKeys({ emailStatus: 'FAILED', emailFailure: 'NO_ADDRESS' })).toEqual({ state: 'history.emailFailed', reason: 'history.emailFailure.NO_ADDRESS' });
    expect(emailStateKeys({ emailStatus: 'FAILED' })).toEqual({ state: 'history.emailFailed', reason: 'history.emailFailure.REJECTED' });
  });
});
