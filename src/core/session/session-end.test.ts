import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyHash, sessionEndFor, sessionEndFromRefusal } from './session-end.ts';

const me = { apiKey: 'api-key-of-this-tab', deviceId: 'device-1' };
const hash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

describe('sessionEndFor', () => {
  it('hashes the api key the way the server names the session it keeps', async () => {
    expect(await apiKeyHash('api-key-of-this-tab')).toBe(hash('api-key-of-this-tab'));
  });

  it('a logout of the other sessions ends every session but the one that asked', async () => {
    const notice = (keep: string) => ({ notifyType: 'FORCE_LOGOUT' as const, senderId: '1', dataId: 's', data: { reason: 'LOGOUT_OTHER_SESSION', keepApiKeyHash: keep } });
    expect(await sessionEndFor(notice(hash('api-key-of-this-tab')), me)).toBeNull();
    expect(await sessionEndFor(notice(hash('another-session')), me)).toBe('forcedLogout');
    expect(await sessionEndFor(notice(''), me)).toBe('forcedLogout');
    expect(await sessionEndFor({ notifyType: 'FORCE_LOGOUT', senderId: '1', dataId: 's', data: { reason: 'ACCOUNT_DISABLED' } }, me)).toBe('forcedLogout');
  });

  it('a remote wipe ends only the wiped device', async () => {
    expect(await sessionEndFor({ notifyType: 'REMOTE_WIPE', senderId: '1', dataId: 'device-1', data: { deviceId: 'device-1' } }, me)).toBe('remoteWipe');
    expect(await sessionEndFor({ notifyType: 'REMOTE_WIPE', senderId: '1', dataId: 'device-2', data: { deviceId: 'device-2' } }, me)).toBeNull();
    expect(await sessionEndFor({ notifyType: 'CUSTOM_NOTIFICATION', senderId: '1', dataId: 'm' }, me)).toBeNull();
  });

  it('ignores forced logout and remote wipe in a variant that does not honour them', async () => {
    const me = { apiKey: 'api-key-of-this-tab', deviceId: 'device-1' };
    expect(await sessionEndFor({ notifyType: 'REMOTE_WIPE', senderId: '1', dataId: 'device-1', data: { deviceId: 'device-1' } }, me, false)).toBeNull();
    expect(await sessionEndFor({ notifyType: 'FORCE_LOGOUT', senderId: '1', dataId: 's', data: { reason: 'ACCOUNT_DISABLED' } }, me, false)).toBeNull();
  });
});

describe('sessionEndFromRefusal', () => {
  it("reads the server's logout reason: another device's logout or wipe, never the tab's own logout or an expiry", () => {
    expect(sessionEndFromRefusal(null)).toBeNull();
    expect(sessionEndFromRefusal('LOGOUT')).toBeNull();
    for (const reason of ['LOGOUT_OTHER_SESSION', 'PASSWORD_UPDATED', 'ACCOUNT_DISABLED']) expect(sessionEndFromRefusal(reason)).toBe('forcedLogout');
    expect(sessionEndFromRefusal('REMOTE_WIPE', true)).toBe('remoteWipe');
    // A variant that does not honour remote wipe still ends the session, as a forced logout (nothing wiped).
    expect(sessionEndFromRefusal('REMOTE_WIPE', false)).toBe('forcedLogout');
  });
});
