export { CallHost } from './components/CallHost.tsx';
export { VideoCallButton, VoiceCallButton } from './components/CallButtons.tsx';
