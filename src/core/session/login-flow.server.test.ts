// The client core against the real reference server: HttpTransport (envelopes on login and the key calls),
// the seed's login flow, the socket, message keys and logout, assembled by createCore.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import WebSocket from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../../tests/support/test-server.ts';
import { createCore, type CoreOptions, type SessionEndReason } from '../core.ts';
import { decryptAesText, encryptAesText } from '../crypto/aes.ts';
import type { ReceivedNotification } from '../realtime/messages.ts';
import type { SessionChannel, SessionSignal } from './session-channel.ts';
import { useSessionStore } from './session-store.ts';
import { IndexedDbSessionVault } from './session-vault.ts';

/** How long a socket event may take to show here (a busy machine included), and how often to look. */
const POLL = { timeout: 5_000, interval: 10 };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'alice' });
  await createTestAccount(server, { loginName: 'nochat', roles: ['ADMIN'] });
  await createTestAccount(server, { loginName: 'expired', mustChangePassword: true });
});

beforeEach(() => useSessionStore.getState().clear());

afterAll(async () => {
  useSessionStore.getState().clear();
  await server?.close();
});

/** A BroadcastChannel whose messages are held (never delivered): the other tabs' news is slower than the server. */
function heldChannel(): SessionChannel & { posted: SessionSignal[] } {
  const posted: SessionSignal[] = [];
  return { posted, post: (signal) => posted.push(signal), listen: () => () => undefined };
}

function core(vault: IndexedDbSessionVault | null = null, options: Pick<CoreOptions, 'channel' | 'fetch'> = {}) {
  const ended: SessionEndReason[] = [];
  const c = createCore({
    host: server.url,
    vault,
    ...options,
    webSocketFactory: (url, protocols) => new WebSocket(url, protocols) as unknown as IStompSocket,
    onSessionEnded: (reason) => ended.push(reason),
  });
  return { c, ended };
}

/** The server's end of a logout (the session the api key belongs to), as its logout call does it. */
async function endOnServer(apiKey: string): Promise<void> {
  const { repos, kick } = server.app.ctx;
  const session = await repos.sessions.findActiveByApiKey(apiKey);
  await repos.sessions.logout(session!.id, 'LOGOUT');
  kick({ sessionId: session!.id }, 'Logged out');
}

describe('the client core against the reference server', () => {
  it('signs in through the envelopes, opens the socket, fetches keys, and logs out', async () => {
    const { c } = core();
    const result = await c.login({ loginName: 'alice', password: TEST_PASSWORD });
    expect(result).toMatchObject({ kind: 'signedIn', realtimeConnected: true });
    const session = useSessionStore.getState();
    expect(session).toMatchObject({ status: 'signedIn', loginName: 'alice', mqSysName: server.app.ctx.config.mqSysName });
    expect(session.profile?.functionRoleTypes).toContain('IM_USER');
    expect(c.realtime?.status).toBe('connected');

    // Key calls travel in envelopes both ways; a key found by its uuid is the same key.
    const common = await c.keys.commonKey();
    const fresh = createCore({ host: server.url }); // a second key cache on the same session
    const byUuid = await fresh.keys.keyForUuid(common.messageKeyUuid);
    expect(byUuid.aesKey).toBe(common.aesKey);
    expect(await decryptAesText(byUuid, await encryptAesText(common, '你好'))).toBe('你好');

    const notifications: ReceivedNotification[] = [];
    c.realtime!.on('notification', (n) => notifications.push(n));
    await server.app.ctx.notifier.toAccounts([session.accountId!], { notifyType: 'CUSTOM_NOTIFICATION', senderId: '0', dataId: 'm-1' });
    await expect.poll(() => notifications.length > 0, { ...POLL, message: 'a notification' }).toBe(true);
    expect(notifications[0]).toMatchObject({ notifyType: 'CUSTOM_NOTIFICATION', dataId: 'm-1' });

    const socket = c.realtime!;
    const apiKey = session.apiKey!;
    await c.logout();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', apiKey: null, deviceKeys: null });
    expect(socket.status).toBe('closed');
    expect(c.realtime).toBeNull();
    expect(await server.app.ctx.repos.sessions.findActiveByApiKey(apiKey)).toBeNull();
  });

  it('logging out the other sessions closes the other socket for good', async () => {
    const first = core();
    await first.c.login({ loginName: 'alice', password: TEST_PASSWORD });
    const socket = first.c.realtime!;
    // a second login of the same user (the store is shared in this process, so sign it in after the first)
    const second = core();
    await second.c.login({ loginName: 'alice', password: TEST_PASSWORD });
    expect(second.c.realtime!.logoutOtherSessions()).toBe(true);
    await expect.poll(() => socket.status === 'closed', { ...POLL, message: 'the first socket closed' }).toBe(true);
    expect(second.c.realtime!.status).toBe('connected');
    second.c.forcedClear();
    expect(second.c.realtime).toBeNull();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('a logout tells the other tabs (vault note, channel) before the server ends the session', async () => {
    const vault = new IndexedDbSessionVault(new IDBFactory());
    const channel = heldChannel();
    const heardBeforeTheCall: unknown[] = [];
    const tab = core(vault, {
      channel,
      fetch: async (input, init) => {
        if (new URL(String(input)).pathname.endsWith('/authentication/logout')) {
          heardBeforeTheCall.push(await vault.endedAs(useSessionStore.getState().sessionId ?? ''), [...channel.posted]);
        }
        return fetch(input, init);
      },
    });
    await tab.c.login({ loginName: 'alice', password: TEST_PASSWORD });
    const { sessionId } = useSessionStore.getState();
    await tab.c.logout();
    expect(heardBeforeTheCall).toEqual(['loggedOut', [{ kind: 'signedIn', sessionId }, { kind: 'signedOut', sessionId, cause: 'loggedOut' }]]);
    expect(await vault.load()).toBeNull();
  });

  it("the server's refusal after a logout in another tab reads as that logout, though the tab's message has not come", async () => {
    const factory = new IDBFactory();
    const tab = core(new IndexedDbSessionVault(factory), { channel: heldChannel() });
    await tab.c.login({ loginName: 'alice', password: TEST_PASSWORD });
    const { sessionId } = useSessionStore.getState();
    // The other tab (the same browser's vault) logs out: its note, then the server's end of the session.
    await new IndexedDbSessionVault(factory).clearEnded(sessionId!, 'loggedOut');
    await endOnServer(useSessionStore.getState().apiKey!);
    await tab.c.api.checkSession({}); // refused: 401
    await expect.poll(() => tab.ended.length > 0, { ...POLL, message: 'the session ended' }).toBe(true);
    expect(tab.ended).toEqual(['loggedOut']);
    expect(useSessionStore.getState().status).toBe('signedOut');

    // Without a note the refusal is an expiry, as before.
    const other = core(new IndexedDbSessionVault(new IDBFactory()), { channel: heldChannel() });
    await other.c.login({ loginName: 'alice', password: TEST_PASSWORD });
    await endOnServer(useSessionStore.getState().apiKey!);
    await other.c.api.checkSession({});
    await expect.poll(() => other.ended.length > 0, { ...POLL, message: 'the session ended' }).toBe(true);
    expect(other.ended).toEqual(['expired']);
  });

  it("a refusal that comes before the push of another device's logout or wipe reads as that, not as an expiry", async () => {
    // The server ends the session as the other device's call does, but its push is held (never sent): the next
    // call's refusal is all this tab hears, as when the socket's FORCE_LOGOUT or REMOTE_WIPE lags behind it.
    for (const [reason, expected] of [
      ['LOGOUT_OTHER_SESSION', 'forcedLogout'],
      ['PASSWORD_UPDATED', 'forcedLogout'],
      ['REMOTE_WIPE', 'remoteWipe'],
    ] as const) {
      const tab = core(new IndexedDbSessionVault(new IDBFactory()), { channel: heldChannel() });
      await tab.c.login({ loginName: 'alice', password: TEST_PASSWORD });
      const { repos } = server.app.ctx;
      const session = await repos.sessions.findActiveByApiKey(useSessionStore.getState().apiKey!);
      await repos.sessions.logout(session!.id, reason);
      await tab.c.api.checkSession({});
      await expect.poll(() => tab.ended.length > 0, { ...POLL, message: `the session ended by ${reason}` }).toBe(true);
      expect(tab.ended, reason).toEqual([expected]);
      tab.c.realtime?.close();
    }
  });

  it('returns the failure of a wrong password with its error list', async () => {
    const result = await core().c.login({ loginName: 'alice', password: 'wrong' });
    expect(result.kind).toBe('failed');
    expect(result.kind === 'failed' && result.errMsgList[0]?.errors.length).toBeGreaterThan(0);
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('fails silently without IM_USER', async () => {
    expect(await core().c.login({ loginName: 'nochat', password: TEST_PASSWORD })).toEqual({ kind: 'failed', errMsgList: [], silent: true });
  });

  it('asks for a new password when the server says UI_IM_E9912', async () => {
    expect(await core().c.login({ loginName: 'expired', password: TEST_PASSWORD })).toEqual({ kind: 'mustChangePassword', loginName: 'expired' });
  });

  it('reports a server that cannot be reached as a server error', async () => {
    const c = createCore({ host: 'http://127.0.0.1:1' });
    expect(await c.login({ loginName: 'alice', password: 'x' })).toEqual({ kind: 'serverError' });
  });

  it('a reload resumes the stored session without a login call; an expired one is removed', async () => {
    const vault = new IndexedDbSessionVault(new IDBFactory());
    const first = core(vault);
    expect((await first.c.login({ loginName: 'alice', password: TEST_PASSWORD })).kind).toBe('signedIn');
    const stored = await vault.load();
    expect(stored).toMatchObject({ loginName: 'alice', apiKey: useSessionStore.getState().apiKey });
    expect(stored!.deviceKeys.signingKey.extractable).toBe(false);
    first.c.realtime!.close();

    // The page is loaded again: a fresh store and core, the same vault.
    useSessionStore.getState().clear();
    const paths: string[] = [];
    const reloaded = createCore({
      host: server.url,
      vault,
      webSocketFactory: (url, protocols) => new WebSocket(url, protocols) as unknown as IStompSocket,
      fetch: (input, init) => {
        paths.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
    });
    const resumed = await reloaded.resume();
    expect(resumed).toMatchObject({ kind: 'resumed', realtimeConnected: true });
    expect(paths.some((path) => path.endsWith('/authentication/login') || path.endsWith('/getuserpubkey'))).toBe(false);
    expect(paths.some((path) => path.endsWith('/authentication/checksession'))).toBe(true);
    // Envelopes work with the keys read back from the vault (the key calls are encrypted both ways).
    expect((await reloaded.keys.commonKey()).aesKey).toBeTruthy();

    // The session ends on the server (logged out elsewhere): the next resume finds it expired and forgets it.
    await reloaded.logout();
    expect(await vault.load()).toBeNull();
    await vault.save(stored!);
    useSessionStore.getState().clear();
    expect(await reloaded.resume()).toEqual({ kind: 'expired' });
    expect(useSessionStore.getState().status).toBe('signedOut');
    expect(await vault.load()).toBeNull();
    expect(await createCore({ host: server.url, vault }).resume()).toEqual({ kind: 'none' });
  });
});
