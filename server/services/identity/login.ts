// Login by password or by token: checks the caller, then opens a session bound to the device key the login
// carried (docs/protocol.md "Keys"). The api key is handed out once and stored only as a hash.
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context.ts';
import { importRsaPublicKey } from '../../crypto/rsa.ts';
import { ApiError } from '../../http/api-error.ts';
import { normaliseLoginName, sameLoginName } from '../../identity/login-name.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../identity/passwords.ts';
import type { Account } from '../../store/repos/accounts.ts';
import type { DeviceInfo } from '../../store/repos/sessions.ts';
import { sessionExpiry } from '../sessions.ts';
import { HashAdmission } from '../../identity/hash-admission.ts';
import { createLoginThrottle, type AttemptOrigin } from './throttle.ts';

export interface LoginPayload {
  loginName: string;
  password?: string;
  devicePubKey: string;
  deviceID: string;
  deviceInfo?: DeviceInfo;
}

export type LoginResult = {
  loginName: string;
  apiKey: string;
  login2faType: 'NIL';
};

/** A hash of a password nobody knows: unknown login names cost the same time as wrong passwords. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function newApiKey(): string {
  return randomBytes(32).toString('hex');
}

function checkDeviceKey(pem: string): void {
  try {
    importRsaPublicKey(pem);
  } catch {
    throw new ApiError('INVALID_INPUT', 'devicePubKey is not a readable RSA public key');
  }
}

export function createLoginService(ctx: ServerContext) {
  const throttle = createLoginThrottle(ctx);
  // One per process: it bounds this process's hashing threads.
  const hashing = new HashAdmission();

  /** Creates the session of a checked account and returns the login response. */
  async function openSession(account: Account, payload: LoginPayload): Promise<LoginResult> {
    checkDeviceKey(payload.devicePubKey);
    const apiKey = newApiKey();
    const now = ctx.now();
    await ctx.repos.sessions.create({
      accountId: account.id,
      apiKey,
      deviceId: payload.deviceID,
      devicePubKeyPem: payload.devicePubKey,
      deviceInfo: payload.deviceInfo ?? {},
      expiresAt: sessionExpiry(ctx, now),
    });
    await ctx.repos.accounts.touchLastOnline(account.id, now);
    return { loginName: account.loginName, apiKey, login2faType: 'NIL' };
  }

  /**
   * Password check shared by login and the password changes; null when the name or password is wrong.
   * Throttled per (name, address), per address and per name (TOO_MANY_REQUESTS with Retry-After), and the
   * hashing itself is admitted by a small pool with a per-address share.
   */
  async function checkPassword(loginName: string, password: string, origin: AttemptOrigin): Promise<Account | null> {
    // The whole check is admitted: a refused caller costs no database work and no hashing.
    const checked = await hashing.run(origin.address, async () => {
      const key = normaliseLoginName(loginName);
      const credentials = await ctx.repos.accounts.getCredentials(loginName);
      await throttle.admit(key, credentials?.accountId ?? null, origin);
      const usable = credentials?.passwordHash && !credentials.disabled ? { ...credentials, passwordHash: credentials.passwordHash } : null;
      const right = usable ? await verifyPassword(password, usable.passwordHash) : await verifyPassword(password, await getDummyHash()).then(() => false);
      if (!usable || !right) {
        await throttle.failed(key, origin);
        return null;
      }
      await throttle.succeeded(key, origin);
      if (needsRehash(usable.passwordHash)) {
        await ctx.repos.accounts.setPassword(usable.accountId, await hashPassword(password), usable.mustChangePassword);
      }
      return usable.accountId;
    });
    return checked === null ? null : ctx.repos.accounts.findById(checked);
  }

  return {
    checkPassword,
    openSession,

    /** A new password's hash, admitted like every other hashing. */
    hashNewPassword(password: string, address: string): Promise<string> {
      return hashing.run(address, () => hashPassword(password));
    },

    async passwordLogin(payload: LoginPayload, address: string): Promise<LoginResult> {
      if (!payload.password) throw new ApiError('LOGIN_FAILED');
      const account = await checkPassword(payload.loginName, payload.password, { address, deviceId: payload.deviceID });
      if (!account) throw new ApiError('LOGIN_FAILED');
      // The password was right, but it has to be changed first: no session (seed: UI_IM_E9912).
      if (account.mustChangePassword) throw new ApiError('MUST_CHANGE_PASSWORD');
      return openSession(account, payload);
    },

    /** After a token was consumed for `accountId`: the login name of the request must be that account. */
    async tokenLogin(payload: LoginPayload, accountId: number | null): Promise<LoginResult> {
      if (accountId === null) throw new ApiError('TOKEN_INVALID');
      const account = await ctx.repos.accounts.findById(accountId);
      if (!account || account.disabled || !sameLoginName(account.loginName, payload.loginName)) {
        throw new ApiError('TOKEN_INVALID');
      }
      if (account.mustChangePassword) throw new ApiError('MUST_CHANGE_PASSWORD');
      return openSession(account, payload);
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
