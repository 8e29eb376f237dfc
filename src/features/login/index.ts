export { LoginPage } from './LoginPage.tsx';
export { validateChangePassword, validateLogin } from './validation.ts';
