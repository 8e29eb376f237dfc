import { describe, expect, it } from 'vitest';
import { archiveEmailNotice, emailStateKeys } from './archiveEmail.ts';

describe('archiveEmailNotice', () => {
  it('reads the archive of an ARCHIVE_EMAIL custom notification', () => {
    const notice = archiveEmailNotice({
      notifyType: 'CUSTOM_NOTIFICATION',
      data: { kind: 'ARCHIVE_EMAIL', archivedMessage: { id: '7', date: 5, roomName: 'Ward', roomId: '3', emailStatus: 'FAILED', emailFailure: 'TOO_LARGE' } },
    });
    expect(notice).toEqual({ id: '7', date: 5, roomName: 'Ward', roomId: '3', emailStatus: 'FAILED', emailFailure: 'TOO_LARGE' });
  });

  it('ignores other notifications, other kinds, a mail still on the way and an unknown reason', () => {
    expect(archiveEmailNotice({ notifyType: 'MESSAGE_ARCHIVED', data: { kind: 'ARCHIVE_EMAIL', archivedMessage: { id: '1', emailStatus: 'SENT' } } })).toBeNull();
    expect(archiveEmailNotice({ notifyType: 'CUSTOM_NOTIFICATION', data: { kind: 'PRIVATE_ALBUM', status: 'READY' } })).toBeNull();
    expect(archiveEmailNotice({ notifyType: 'CUSTOM_NOTIFICATION', data: { kind: 'ARCHIVE_EMAIL', archivedMessage: { id: '1', emailStatus: 'PENDING' } } })).toBeNull();
    expect(archiveEmailNotice({ notifyType: 'CUSTOM_NOTIFICATION', data: { kind: 'ARCHIVE_EMAIL' } })).toBeNull();
    const odd = archiveEmailNotice({ notifyType: 'CUSTOM_NOTIFICATION', data: { kind: 'ARCHIVE_EMAIL', archivedMessage: { id: '1', emailStatus: 'FAILED', emailFailure: 'LOST' } } });
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
