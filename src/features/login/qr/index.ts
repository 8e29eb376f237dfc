export { QrLogin } from './QrLogin.tsx';
