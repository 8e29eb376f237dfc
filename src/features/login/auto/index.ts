export { readAutoLogin, type AutoLogin as AutoLoginRequest } from './auto-login.ts';
