export { LoginPage } from './LoginPage.tsx';
export { validateChangePassword, validateLogin } from './validation.ts';
export { ChangePasswordForm, type ChangePasswordFormProps } from './ChangePasswordForm.tsx';
export { EmbeddedLogin, type EmbeddedFailure, type EmbeddedLoginProps } from './embedded/EmbeddedLogin.tsx';
export { HOST_ACTIONS } from './host/actions.ts';
export { postToHost } from './host/host-bridge.ts';
export type { LoginOutcome } from './auth.ts';
export { TellHostOfSession, useTellHostOfSession } from './host/useTellHostOfSession.ts';
