// What a login needs before its own call, asked while the user is still typing: the public profile (which calls
// travel sealed), a device key pair (RSA-2048 generation takes a noticeable moment in a browser) and the user key
// of the name typed. A login takes them if they are ready or on their way, and asks for what is missing; each is
// used by one login only, and a user key is not kept for long.
import type { ApiResult } from '@generated/api/runtime';
import type { GetUserPubKeyResponse } from '@generated/types/index';
import { generateDeviceKeys, type DeviceKeys } from '../crypto/rsa.ts';

/** A user key asked ahead is used within this time, or asked again. */
const USER_KEY_TTL_MS = 60_000;

export interface LoginPreparationDeps {
  getUserPubKey(body: { loginName: string }): Promise<ApiResult<GetUserPubKeyResponse>>;
  preloadProfile(): void;
  generateKeyPair?: () => Promise<DeviceKeys>;
  now?: () => number;
}

export class LoginPreparation {
  private keys: Promise<DeviceKeys> | null = null;
  private userKey: { loginName: string; askedAt: number; result: Promise<ApiResult<GetUserPubKeyResponse>> } | null = null;

  constructor(private readonly deps: LoginPreparationDeps) {}

  /** The login page is shown (no name yet) or the name typed settled. */
  prepare(loginName?: string): void {
    this.deps.preloadProfile();
    if (!this.keys) {
      const pending = this.generate();
      pending.catch(() => {
        if (this.keys === pending) this.keys = null;
      });
      this.keys = pending;
    }
    const name = loginName?.trim();
    if (name && (this.userKey?.loginName !== name || this.stale(this.userKey.askedAt))) {
      this.userKey = { loginName: name, askedAt: this.now(), result: this.deps.getUserPubKey({ loginName: name }) };
    }
  }

  /** A key pair made ahead (once), or a new one. */
  takeKeys(): Promise<DeviceKeys> {
    const ready = this.keys;
    this.keys = null;
    return ready ?? this.generate();
  }

  /** The user key asked ahead for this name (once; asked again when that failed), or asked now. */
  takeUserKey(loginName: string): Promise<ApiResult<GetUserPubKeyResponse>> {
    const ahead = this.userKey;
    this.userKey = null;
    const ask = () => this.deps.getUserPubKey({ loginName });
    if (!ahead || ahead.loginName !== loginName || this.stale(ahead.askedAt)) return ask();
    return ahead.result.then((result) => (result.ok ? result : ask()), ask);
  }

  private generate(): Promise<DeviceKeys> {
    return (this.deps.generateKeyPair ?? generateDeviceKeys)();
  }

  private stale(askedAt: number): boolean {
    return this.now() - askedAt > USER_KEY_TTL_MS;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
