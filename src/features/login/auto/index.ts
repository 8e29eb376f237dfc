export { AutoLogin } from './AutoLogin.tsx';
export { readAutoLogin, type AutoLogin as AutoLoginRequest } from './auto-login.ts';
