// Pure validation of the login and change-password forms (seed sections 4 and 5); returns i18n keys.
import { errorCodeByName } from '@generated/errors';

export interface LoginInput {
  loginName: string;
  password: string;
}

export type LoginError = 'login.fillIn';

export function validateLogin(input: LoginInput): LoginError | null {
  if (input.loginName.trim() === '' || input.password === '') return 'login.fillIn';
  return null;
}

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordError = 'changePassword.validate' | 'changePassword.mismatch';

export function validateChangePassword(input: ChangePasswordInput): ChangePasswordError | null {
  if (input.oldPassword === '' || input.newPassword === '' || input.confirmPassword === '') return 'changePassword.validate';
  if (input.newPassword !== input.confirmPassword) return 'changePassword.mismatch';
  return null;
}

/** What the login route shows above the form, read from its query string and navigation state. */
export type LoginBanner =
  | { kind: 'loginFail'; text: string | null; code: string | null }
  | { kind: 'serverError' }
  | { kind: 'sessionTimeout' }
  | null;

export interface LoginRouteState {
  message?: string;
  code?: string;
  loginName?: string;
  actionObj?: Record<string, string>;
}

export function readLoginBanner(search: string, state: LoginRouteState | null | undefined): LoginBanner {
  const params = new URLSearchParams(search);
  if (params.has('serverError')) return { kind: 'serverError' };
  if (params.has('sessionTimeout')) return { kind: 'sessionTimeout' };
  if (params.has('loginFail')) return { kind: 'loginFail', text: state?.message?.trim() || null, code: state?.code ?? null };
  return null;
}

/** Failures that are not about the name or password keep the server's own text (wait and try again). */
const OWN_TEXT_CODES = new Set<string>([errorCodeByName.TOO_MANY_REQUESTS]);

/**
 * Text of a login failure: the variant's login-failure wording (the default 'Incorrect login name or password', the
 * hospital wording where the variant overrides it) whatever the server said, so an unknown name and a wrong password
 * look the same and nobody learns which accounts exist. Only a refusal that is not about the credentials (too many
 * attempts) shows the server's message.
 */
export function loginFailureText(code: string | null, serverMessage: string | null, variantWording: string): string {
  if (code && OWN_TEXT_CODES.has(code) && serverMessage) return serverMessage;
  return variantWording;
}
