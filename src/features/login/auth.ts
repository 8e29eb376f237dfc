// The login feature's link to the session: password login and the password change.
import { signIn, updatePassword, type LoginOutcome } from '../session/index.ts';

export type { LoginOutcome };

export function loginWithPassword(loginName: string, password: string, locale: string): Promise<LoginOutcome> {
  return signIn(loginName, password, locale);
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
