// The login feature's link to the session: password and token login, and the password change.
import type { TokenData } from '@generated/types/index';
import { prepareSignIn, signIn, signInWithToken, updatePassword } from '../../core/session/on-demand.ts';
import { type LoginOutcome } from '../../core/session/runtime.ts';

export type { LoginOutcome };

/** Asks ahead what a login will need (the page is shown; with the name once typing settles). */
export function prepareLogin(loginName?: string): void {
  prepareSignIn(loginName);
}

export function loginWithPassword(loginName: string, password: string, locale: string): Promise<LoginOutcome> {
  return signIn(loginName, password, locale);
}

/** Token login (QR's AUTH_OTP, SSO, hosts); a null login name is asked of the server by the token. */
export function loginWithToken(loginName: string | null, tokenData: TokenData, locale: string, sso = false): Promise<LoginOutcome> {
  return signInWithToken(loginName, tokenData, locale, sso);
}

export interface PasswordChange {
  loginName: string;
  oldPassword: string;
  newPassword: string;
  newConfirmPassword: string;
}

export async function changePassword(change: PasswordChange): Promise<boolean> {
  try {
    return await updatePassword(change);
  } catch {
    return false;
  }
}
