export { CallHost } from './components/CallHost.tsx';
export { VideoCallButton, VoiceCallButton } from './components/CallButtons.tsx';
export { CallHistoryShortcut } from './components/CallHistoryShortcut.tsx';
export { callHistoryPage } from './pages.tsx';
