export { LoginPage } from './LoginPage.tsx';
export { validateChangePassword, validateLogin } from './validation.ts';
export { ChangePasswordForm, type ChangePasswordFormProps } from './ChangePasswordForm.tsx';
