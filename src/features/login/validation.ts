// Pure validation of the login and change-password forms (seed sections 4 and 5); returns i18n keys.

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
export type LoginBanner = { kind: 'loginFail'; text: string | null } | { kind: 'serverError' } | null;

export interface LoginRouteState {
  message?: string;
  code?: string;
  loginName?: string;
  actionObj?: Record<string, string>;
}

export function readLoginBanner(search: string, state: LoginRouteState | null | undefined): LoginBanner {
  const params = new URLSearchParams(search);
  if (params.has('serverError')) return { kind: 'serverError' };
  if (params.has('loginFail')) return { kind: 'loginFail', text: state?.message?.trim() || null };
  return null;
}

/**
 * Text of a login failure: a variant that overrides `loginFailure` (the hospital wording) always shows its own
 * text; otherwise the server's message, falling back to the default wording.
 */
export function loginFailureText(serverMessage: string | null, variantOverride: string | undefined, fallback: string): string {
  if (variantOverride) return variantOverride;
  return serverMessage ?? fallback;
}
