export { LoginPage } from './LoginPage.tsx';
export { validateChangePassword, validateLogin } from './validation.ts';
export { ChangePasswordForm, type ChangePasswordFormProps } from './change-password/ChangePasswordForm.tsx';
export type { EmbeddedFailure, EmbeddedLoginProps } from './embedded/EmbeddedLogin.tsx';
/** The embedded app's login, on demand: it brings the automatic login and the deep-link hand-over with it. */
export const loadEmbeddedLogin = () => import('./embedded/EmbeddedLogin.tsx').then((m) => m.EmbeddedLogin);
export { HOST_ACTIONS } from './host/actions.ts';
export { postToHost } from './host/host-bridge.ts';
export type { LoginOutcome } from './auth.ts';
export { TellHostOfSession, useTellHostOfSession } from './host/useTellHostOfSession.ts';
