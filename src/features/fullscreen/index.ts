export { FullScreenToggle } from './FullScreenToggle.tsx';
