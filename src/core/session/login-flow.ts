// The seed's login flow (section 4): user public key (with the device key pair made meanwhile) → login → profile
// (IM_USER) and application profile (mqSysName), asked together → socket and reply queue. A stored session resumes with the same steps after
// checkSession instead of the login (no second login call). Also logout and the forced clear.
import type { ApiResult, ErrMsgList } from '@generated/api/runtime';
import type { CoreApi as ApiClient } from '../api.ts';
import type { DeviceInfo, GetApplicationProfileResponse, TokenData } from '@generated/types/index';
import { errorCodeByName } from '@generated/errors';
import { config } from '@variant/config';
import { randomUuid } from '../crypto/bytes.ts';
import { generateDeviceKeys, type DeviceKeys } from '../crypto/rsa.ts';
import { firstErrorCode, serverNotReached } from '../errors.ts';
import type { EncryptionProfile } from '../transport/http-transport.ts';
import { useSessionStore, type SessionActions, type SessionData } from './session-store.ts';
import type { StoredSession } from './session-vault.ts';

export interface RealtimeLike {
  connect(): Promise<boolean>;
  close(): void;
}

export interface RealtimeParams {
  apiKey: string;
  mqSysName: string;
  accountId: string;
  accountName: string;
}

export interface SessionAccess {
  get(): SessionData;
  update: SessionActions['update'];
  clear: SessionActions['clear'];
}

export interface LoginDeps<R extends RealtimeLike = RealtimeLike> {
  api: Pick<ApiClient, 'getUserPubKey' | 'login' | 'loginWithToken' | 'ssoLogin' | 'getAccountProfile' | 'getApplicationProfile'>;
  /** Opens the socket; the flow awaits the first attempt but does not fail the login on it (it retries). */
  createRealtime(params: RealtimeParams): R;
  /** Told the encryption lists of getApplicationProfile (they supersede the public profile's). */
  transport?: { setEncryptionProfile(profile: EncryptionProfile): void };
  session?: SessionAccess;
  generateKeyPair?: () => Promise<DeviceKeys>;
  /** The user key of the name (default: getUserPubKey now; the core's LoginPreparation may have asked it already). */
  userKey?: (loginName: string) => ReturnType<ApiClient['getUserPubKey']>;
  newDeviceId?: () => string;
  buildVersion?: number | string;
  /** Extra device details (browser name, version) the app knows. */
  deviceInfo?: DeviceInfo;
}

export type LoginResult<R extends RealtimeLike = RealtimeLike> =
  | { kind: 'signedIn'; realtime: R; realtimeConnected: boolean }
  | { kind: 'mustChangePassword'; loginName: string }
  /** login2faType ATR: the authenticator step is not part of this flow. */
  | { kind: 'secondFactorRequired'; loginName: string }
  | { kind: 'failed'; errMsgList: ErrMsgList; silent?: boolean }
  | { kind: 'serverError' };

export const storeSession: SessionAccess = {
  get: () => useSessionStore.getState(),
  update: (patch) => useSessionStore.getState().update(patch),
  clear: () => useSessionStore.getState().clear(),
};

const MUST_CHANGE_PASSWORD = errorCodeByName.MUST_CHANGE_PASSWORD;

type Failure = Exclude<LoginResult, { kind: 'signedIn' }>;

function failureOf(result: ApiResult<unknown> & { ok: false }, loginName: string): Failure {
  if (serverNotReached(result)) return { kind: 'serverError' };
  if (firstErrorCode(result) === MUST_CHANGE_PASSWORD) return { kind: 'mustChangePassword', loginName };
  return { kind: 'failed', errMsgList: result.errMsgList };
}

/** A password login, or a token login (QR's AUTH_OTP, SSO, webview and embedded hosts) through loginwithtoken. */
export type LoginCredentials =
  | { loginName: string; password: string }
  /** `sso`: through sso/login (single sign-on) rather than loginwithtoken. */
  | { loginName: string; tokenData: TokenData; sso?: boolean };

export async function performLogin<R extends RealtimeLike>(credentials: LoginCredentials, deps: LoginDeps<R>): Promise<LoginResult<R>> {
  const session = deps.session ?? storeSession;
  const { loginName } = credentials;
  const stop = (failure: Failure): Failure => {
    session.clear();
    return failure;
  };
  session.clear();
  session.update({ status: 'signingIn', sessionId: randomUuid(), loginName });

  // The device key pair is made while the user key is asked (neither needs the other).
  const keysMade = (deps.generateKeyPair ?? generateDeviceKeys)();
  const userKey = await (deps.userKey ? deps.userKey(loginName) : deps.api.getUserPubKey({ loginName }));
  if (!userKey.ok) {
    keysMade.catch(() => undefined);
    return stop(failureOf(userKey, loginName));
  }
  const deviceKeys = await keysMade;
  // The login call itself travels in an envelope: the transport needs both keys now.
  session.update({ deviceKeys, userPublicKeyPem: userKey.data.userPubKey });

  const deviceId = (deps.newDeviceId ?? randomUuid)();
  session.update({ deviceId });
  const device = {
    loginName,
    devicePubKey: deviceKeys.publicKeyPem,
    deviceID: deviceId,
    deviceInfo: {
      appVersion: config.version,
      ...deps.deviceInfo,
      deviceType: 'WEB',
      appPlatform: 'WEB',
      appPushPlatform: 'WS',
      buildVersion: String(deps.buildVersion ?? config.buildVersion),
    },
  };
  let login;
  if ('tokenData' in credentials) {
    const body = { ...device, isTokenBasedAuth: true, tokenData: credentials.tokenData };
    login = credentials.sso ? await deps.api.ssoLogin(body) : await deps.api.loginWithToken(body);
  } else {
    login = await deps.api.login({ ...device, password: credentials.password });
  }
  if (!login.ok) return stop(failureOf(login, loginName));
  // The server may normalise the name (case); envelopes must carry its spelling.
  session.update({ apiKey: login.data.apiKey, loginName: login.data.loginName || loginName });
  if (login.data.login2faType !== 'NIL') return stop({ kind: 'secondFactorRequired', loginName });

  return completeSignIn(deps, session, loginName, login.data.apiKey, stop);
}

/** Profile (IM_USER) → application profile (mqSysName, encryption lists) → socket: after a login or a resume. */
async function completeSignIn<R extends RealtimeLike>(
  deps: Pick<LoginDeps<R>, 'createRealtime' | 'transport'> & { api: Pick<ApiClient, 'getAccountProfile' | 'getApplicationProfile'> },
  session: SessionAccess,
  loginName: string,
  apiKey: string,
  stop: (failure: Failure) => Failure,
): Promise<LoginResult<R>> {
  // Both together: neither needs the other's answer.
  const [profile, application] = await Promise.all([deps.api.getAccountProfile({}), deps.api.getApplicationProfile({})]);
  if (!profile.ok) return stop(failureOf(profile, loginName));
  if (!profile.data.functionRoleTypes.includes('IM_USER')) return stop({ kind: 'failed', errMsgList: [], silent: true });
  if (!application.ok) return stop(failureOf(application, loginName));
  const encryption = encryptionProfileOf(application.data);
  if (encryption) deps.transport?.setEncryptionProfile(encryption);

  const accountId = String(profile.data.accountInfo.accountId);
  const realtime = deps.createRealtime({
    apiKey,
    mqSysName: application.data.mqSysName,
    accountId,
    accountName: session.get().loginName ?? loginName,
  });
  session.update({ accountId, profile: profile.data, applicationProfile: application.data, mqSysName: application.data.mqSysName });
  const realtimeConnected = await realtime.connect();
  session.update({ status: 'signedIn' });
  return { kind: 'signedIn', realtime, realtimeConnected };
}

export type ResumeResult<R extends RealtimeLike = RealtimeLike> =
  | { kind: 'resumed'; realtime: R; realtimeConnected: boolean }
  /** The server no longer knows the session (expired, logged out elsewhere, wiped): sign in again. */
  | { kind: 'expired' }
  /** The account may no longer chat (IM_USER gone): back to the login page without a message. */
  | { kind: 'refused' }
  /** The server cannot be reached: the stored session is kept for the next try. */
  | { kind: 'serverError' };

export type ResumeDeps<R extends RealtimeLike = RealtimeLike> = Pick<LoginDeps<R>, 'createRealtime' | 'transport' | 'session'> & {
  api: Pick<ApiClient, 'checkSession' | 'getAccountProfile' | 'getApplicationProfile'>;
};

/**
 * Resumes a stored session (reload, new tab): its keys go back into the session, checkSession asks the server
 * whether it is still alive, then the same profile → application profile → socket steps as a login.
 */
export async function resumeSession<R extends RealtimeLike>(stored: StoredSession, deps: ResumeDeps<R>): Promise<ResumeResult<R>> {
  const session = deps.session ?? storeSession;
  const stop = (failure: Failure): Failure => {
    session.clear();
    return failure;
  };
  session.clear();
  session.update({
    status: 'resuming',
    sessionId: stored.sessionId,
    loginName: stored.loginName,
    deviceId: stored.deviceId,
    accountId: stored.accountId,
    apiKey: stored.apiKey,
    mqSysName: stored.mqSysName,
    deviceKeys: stored.deviceKeys,
    userPublicKeyPem: stored.userPublicKeyPem,
  });
  const check = await deps.api.checkSession({});
  const outcome = check.ok
    ? await completeSignIn(deps, session, stored.loginName, stored.apiKey, stop)
    : stop(failureOf(check, stored.loginName));
  switch (outcome.kind) {
    case 'signedIn':
      return { kind: 'resumed', realtime: outcome.realtime, realtimeConnected: outcome.realtimeConnected };
    case 'serverError':
      return outcome;
    case 'failed':
      return outcome.silent ? { kind: 'refused' } : { kind: 'expired' };
    default:
      return { kind: 'expired' };
  }
}

/** What the vault keeps of a signed-in session; null while it is not signed in. */
export function storableSession(data: SessionData, now = Date.now()): StoredSession | null {
  const { status, sessionId, loginName, deviceId, accountId, apiKey, mqSysName, userPublicKeyPem, deviceKeys } = data;
  if (status !== 'signedIn' || !sessionId || !loginName || !deviceId || !accountId || !apiKey || !mqSysName || !userPublicKeyPem || !deviceKeys) {
    return null;
  }
  return { version: 1, sessionId, loginName, deviceId, accountId, apiKey, mqSysName, userPublicKeyPem, deviceKeys, savedAt: now };
}

function encryptionProfileOf(profile: GetApplicationProfileResponse): EncryptionProfile | null {
  if (!profile.isReqEncryptedList || !profile.isRespEncryptedList || !profile.defaultEncryptionAlgorithm) return null;
  return {
    isReqEncryptedList: profile.isReqEncryptedList,
    isRespEncryptedList: profile.isRespEncryptedList,
    defaultEncryptionAlgorithm: profile.defaultEncryptionAlgorithm,
  };
}

export interface ClearDeps {
  realtime?: Pick<RealtimeLike, 'close'> | null;
  /** Anything else holding session data (key cache, query cache). */
  onClear?: () => void;
  session?: SessionAccess;
}

/** Closes the socket and wipes the session without a server call (forced logout, remote wipe, 401). */
export function forcedClear(deps: ClearDeps = {}): void {
  const session = deps.session ?? storeSession;
  deps.realtime?.close();
  deps.onClear?.();
  session.clear();
}

/** Tells the server, then clears like forcedClear; the local clear happens even if the call fails. */
export async function logout(deps: ClearDeps & { api: Pick<ApiClient, 'logout'> }): Promise<void> {
  try {
    await deps.api.logout({});
  } finally {
    forcedClear(deps);
  }
}
