import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrMsgList } from '@generated/api/runtime';
import { clientFailure } from '../errors.ts';
import { deviceKeysFromPem, type DeviceKeys } from '../crypto/rsa.ts';
import { keys } from '../testing/vectors.ts';
import { forcedClear, logout, performLogin, resumeSession, storableSession, type LoginDeps } from './login-flow.ts';
import { useSessionStore } from './session-store.ts';
import type { StoredSession } from './session-vault.ts';

let device: DeviceKeys;
beforeAll(async () => {
  device = await deviceKeysFromPem(keys.device);
});

const errors = (code: string, message = 'x'): ErrMsgList => [{ locale: 'en_US', errors: [{ code: code as 'UI_IM_E1000', message }] }];
const failed = (errMsgList: ErrMsgList, httpStatus = 400) => ({ ok: false as const, status: 'failed' as const, errMsgList, httpStatus });
const ok = <T>(data: T) => ({ ok: true as const, data });

function setup(overrides: Partial<Record<keyof LoginDeps['api'], unknown>> = {}) {
  const calls: string[] = [];
  const track = <T>(name: string, value: T) => vi.fn(async (_body: unknown) => {
    calls.push(name);
    return value;
  });
  const api = {
    getUserPubKey: track('getUserPubKey', overrides.getUserPubKey ?? ok({ userPubKey: keys.user.publicKeyPem })),
    login: vi.fn(async (_body: unknown) => {
      calls.push('login');
      // the transport seals `login` with these: they must be in the session before the call
      expect(useSessionStore.getState().deviceKeys).toBe(device);
      expect(useSessionStore.getState().userPublicKeyPem).toBe(keys.user.publicKeyPem);
      return overrides.login ?? ok({ status: 'success', loginName: 'Alice', apiKey: 'api-1', login2faType: 'NIL' });
    }),
    ssoLogin: track('ssoLogin', ok({ status: 'success', loginName: 'alice', apiKey: 'api-3', login2faType: 'NIL' })),
    loginWithToken: track('loginWithToken', overrides.loginWithToken ?? ok({ status: 'success', loginName: 'alice', apiKey: 'api-2', login2faType: 'NIL' })),
    getAccountProfile: track(
      'getAccountProfile',
      overrides.getAccountProfile ?? ok({ accountInfo: { accountId: 1001, loginName: 'Alice' }, functionRoleTypes: ['IM_USER'] }),
    ),
    getApplicationProfile: track(
      'getApplicationProfile',
      overrides.getApplicationProfile ??
        ok({ mqSysName: 'chatsys', isReqEncryptedList: ['a'], isRespEncryptedList: ['b'], defaultEncryptionAlgorithm: 'CBC' }),
    ),
  };
  const realtime = { connect: vi.fn(async () => true), close: vi.fn() };
  const createRealtime = vi.fn(() => {
    calls.push('realtime');
    return realtime;
  });
  const transport = { setEncryptionProfile: vi.fn() };
  const deps = {
    api: api as unknown as LoginDeps['api'],
    createRealtime,
    transport,
    generateKeyPair: async () => device,
    newDeviceId: () => 'device-uuid',
  };
  return { api, deps, calls, realtime, createRealtime, transport };
}

const credentials = { loginName: 'alice', password: 'pw' };

describe('performLogin', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('runs the seed flow in order and signs in', async () => {
    const { api, deps, calls, realtime, createRealtime, transport } = setup();
    const result = await performLogin(credentials, deps);
    expect(result).toEqual({ kind: 'signedIn', realtime, realtimeConnected: true });
    expect(calls).toEqual(['getUserPubKey', 'login', 'getAccountProfile', 'getApplicationProfile', 'realtime']);
    expect(api.getUserPubKey).toHaveBeenCalledWith({ loginName: 'alice' });
    expect(api.login.mock.calls[0]![0]).toEqual({
      loginName: 'alice',
      password: 'pw',
      devicePubKey: keys.device.publicKeyPem,
      deviceID: 'device-uuid',
      deviceInfo: { appVersion: '1.0.15', deviceType: 'WEB', appPlatform: 'WEB', appPushPlatform: 'WS', buildVersion: '18' },
    });
    expect(createRealtime).toHaveBeenCalledWith({ apiKey: 'api-1', mqSysName: 'chatsys', accountId: '1001', accountName: 'Alice' });
    expect(realtime.connect).toHaveBeenCalledTimes(1);
    expect(transport.setEncryptionProfile).toHaveBeenCalledWith({ isReqEncryptedList: ['a'], isRespEncryptedList: ['b'], defaultEncryptionAlgorithm: 'CBC' });
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signedIn',
      loginName: 'Alice',
      accountId: '1001',
      apiKey: 'api-1',
      mqSysName: 'chatsys',
      deviceKeys: device,
      profile: { functionRoleTypes: ['IM_USER'] },
    });
    expect(useSessionStore.getState().sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a token login (QR AUTH_OTP, hosts) goes through loginwithtoken with the token and no password', async () => {
    const { api, deps, calls } = setup();
    const tokenData = { token: 'OTP123', type: 'AUTH_OTP' as const };
    expect(await performLogin({ loginName: 'alice', tokenData }, deps)).toMatchObject({ kind: 'signedIn' });
    expect(calls).toEqual(['getUserPubKey', 'loginWithToken', 'getAccountProfile', 'getApplicationProfile', 'realtime']);
    expect(api.loginWithToken.mock.calls[0]![0]).toMatchObject({ loginName: 'alice', isTokenBasedAuth: true, tokenData, deviceID: 'device-uuid' });
    expect(api.loginWithToken.mock.calls[0]![0]).not.toHaveProperty('password');
    expect(api.login).not.toHaveBeenCalled();
  });

  it('a single sign-on token goes through sso/login', async () => {
    const { api, deps, calls } = setup();
    const tokenData = { token: 'sso-token', type: 'SSO' as const };
    expect(await performLogin({ loginName: 'alice', tokenData, sso: true }, deps)).toMatchObject({ kind: 'signedIn' });
    expect(calls[1]).toBe('ssoLogin');
    expect(api.ssoLogin.mock.calls[0]![0]).toMatchObject({ loginName: 'alice', isTokenBasedAuth: true, tokenData });
  });

  it('still signs in when the first socket attempt fails (the socket retries on its own)', async () => {
    const { deps, realtime } = setup();
    realtime.connect.mockResolvedValueOnce(false);
    expect(await performLogin(credentials, deps)).toMatchObject({ kind: 'signedIn', realtimeConnected: false });
  });

  it('stops at a failed public key fetch and returns that failure', async () => {
    const list = errors('UI_IM_E2001', 'Incorrect login name or password');
    const { api, deps, calls } = setup({ getUserPubKey: failed(list) });
    expect(await performLogin(credentials, deps)).toEqual({ kind: 'failed', errMsgList: list });
    expect(calls).toEqual(['getUserPubKey']);
    expect(api.login).not.toHaveBeenCalled();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('returns other login failures with their error list and clears the keys', async () => {
    const list = errors('UI_IM_E2001');
    const { deps } = setup({ login: failed(list, 401) });
    expect(await performLogin(credentials, deps)).toEqual({ kind: 'failed', errMsgList: list });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', deviceKeys: null, apiKey: null });
  });

  it('UI_IM_E9912 means the password must be changed', async () => {
    const { deps } = setup({ login: failed(errors('UI_IM_E9912'), 403) });
    expect(await performLogin(credentials, deps)).toEqual({ kind: 'mustChangePassword', loginName: 'alice' });
  });

  it('a network failure or a server fault is a server error', async () => {
    expect(await performLogin(credentials, setup({ getUserPubKey: clientFailure('NETWORK') }).deps)).toEqual({ kind: 'serverError' });
    expect(await performLogin(credentials, setup({ login: failed(errors('UI_IM_E1013'), 500) }).deps)).toEqual({ kind: 'serverError' });
  });

  it('fails silently, with no message, when IM_USER is missing', async () => {
    const { api, deps, createRealtime } = setup({ getAccountProfile: ok({ accountInfo: { accountId: 1 }, functionRoleTypes: ['ADMIN'] }) });
    expect(await performLogin(credentials, deps)).toEqual({ kind: 'failed', errMsgList: [], silent: true });
    // The application profile is asked alongside the profile (neither waits for the other); its answer goes unused.
    expect(api.getApplicationProfile).toHaveBeenCalledTimes(1);
    expect(createRealtime).not.toHaveBeenCalled();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('does not fetch the profile after an ATR login (second factor left to its own flow)', async () => {
    const { api, deps } = setup({ login: ok({ loginName: 'alice', apiKey: 'k', login2faType: 'ATR' }) });
    expect(await performLogin(credentials, deps)).toEqual({ kind: 'secondFactorRequired', loginName: 'alice' });
    expect(api.getAccountProfile).not.toHaveBeenCalled();
  });

  it('is signingIn while it runs', async () => {
    const { deps, api } = setup();
    let seen = '';
    api.getUserPubKey.mockImplementationOnce(async () => {
      seen = useSessionStore.getState().status;
      return ok({ userPubKey: keys.user.publicKeyPem });
    });
    await performLogin(credentials, deps);
    expect(seen).toBe('signingIn');
  });
});

describe('logout and forcedClear', () => {
  beforeEach(() => useSessionStore.getState().update({ status: 'signedIn', apiKey: 'k', deviceKeys: device, loginName: 'alice' }));

  it('logout calls the server, closes the socket and clears the session', async () => {
    const api = { logout: vi.fn(async () => ok({})) };
    const realtime = { close: vi.fn() };
    const onClear = vi.fn();
    await logout({ api, realtime, onClear });
    expect(api.logout).toHaveBeenCalledWith({});
    expect(realtime.close).toHaveBeenCalled();
    expect(onClear).toHaveBeenCalled();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', apiKey: null, deviceKeys: null, loginName: null });
  });

  it('logout clears locally even when the call throws', async () => {
    const api = { logout: vi.fn(async () => Promise.reject(new Error('offline'))) };
    await expect(logout({ api })).rejects.toThrow('offline');
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('forcedClear makes no server call', () => {
    const realtime = { close: vi.fn() };
    forcedClear({ realtime });
    expect(realtime.close).toHaveBeenCalled();
    expect(useSessionStore.getState().apiKey).toBeNull();
  });
});

describe('resumeSession', () => {
  beforeEach(() => useSessionStore.getState().clear());

  const stored = (): StoredSession => ({
    version: 1,
    sessionId: 's-1',
    loginName: 'Alice',
    deviceId: 'device-1',
    accountId: '1001',
    apiKey: 'api-1',
    mqSysName: 'chatsys',
    userPublicKeyPem: keys.user.publicKeyPem,
    deviceKeys: device,
    savedAt: 1,
  });

  function resumeSetup(checkSession: unknown = ok({})) {
    const { api, deps, calls, realtime, createRealtime, transport } = setup();
    const check = vi.fn(async (_body: unknown) => {
      calls.push('checkSession');
      // the call is made with the stored keys and api key already in place
      expect(useSessionStore.getState()).toMatchObject({ status: 'resuming', apiKey: 'api-1', deviceKeys: device, sessionId: 's-1' });
      return checkSession;
    });
    const resumeApi = { ...api, checkSession: check } as unknown as Parameters<typeof resumeSession>[1]['api'];
    return { deps: { api: resumeApi, createRealtime: deps.createRealtime, transport: deps.transport }, calls, realtime, createRealtime, transport };
  }

  it('checks the session, then profile, application profile and socket: no login call', async () => {
    const { deps, calls, realtime, createRealtime } = resumeSetup();
    expect(await resumeSession(stored(), deps)).toEqual({ kind: 'resumed', realtime, realtimeConnected: true });
    expect(calls).toEqual(['checkSession', 'getAccountProfile', 'getApplicationProfile', 'realtime']);
    expect(createRealtime).toHaveBeenCalledWith({ apiKey: 'api-1', mqSysName: 'chatsys', accountId: '1001', accountName: 'Alice' });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', sessionId: 's-1', loginName: 'Alice', deviceId: 'device-1', accountId: '1001' });
  });

  it('an expired session (401) is expired and leaves the store signed out', async () => {
    const { deps, calls } = resumeSetup(failed(errors('UI_IM_E1002'), 401));
    expect(await resumeSession(stored(), deps)).toEqual({ kind: 'expired' });
    expect(calls).toEqual(['checkSession']);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', apiKey: null, deviceKeys: null });
  });

  it('an unreachable server is a server error (the stored session is worth another try)', async () => {
    expect(await resumeSession(stored(), resumeSetup(clientFailure('NETWORK')).deps)).toEqual({ kind: 'serverError' });
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('an account that lost IM_USER is refused', async () => {
    const { deps } = resumeSetup();
    const api = deps.api as unknown as { getAccountProfile: ReturnType<typeof vi.fn> };
    api.getAccountProfile.mockResolvedValueOnce(ok({ accountInfo: { accountId: 1001 }, functionRoleTypes: ['ADMIN'] }));
    expect(await resumeSession(stored(), deps)).toEqual({ kind: 'refused' });
  });
});

describe('storableSession', () => {
  it('keeps only what a resume needs, and only for a signed-in session', async () => {
    const data = {
      ...useSessionStore.getState(),
      status: 'signedIn' as const,
      sessionId: 's',
      loginName: 'alice',
      deviceId: 'd',
      accountId: '1',
      apiKey: 'k',
      mqSysName: 'q',
      userPublicKeyPem: 'PEM',
      deviceKeys: device,
      profile: { accountInfo: { accountId: 1 }, functionRoleTypes: ['IM_USER'] } as never,
    };
    expect(storableSession(data, 5)).toEqual({
      version: 1,
      sessionId: 's',
      loginName: 'alice',
      deviceId: 'd',
      accountId: '1',
      apiKey: 'k',
      mqSysName: 'q',
      userPublicKeyPem: 'PEM',
      deviceKeys: device,
      savedAt: 5,
    });
    expect(storableSession({ ...data, status: 'signingIn' })).toBeNull();
    expect(storableSession({ ...data, deviceKeys: null })).toBeNull();
  });
});
