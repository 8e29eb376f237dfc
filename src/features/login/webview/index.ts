export { WebviewLogin } from './WebviewLogin.tsx';
