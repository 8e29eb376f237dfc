export { CallHost } from './components/CallHost.tsx';
export { VideoCallButton, VoiceCallButton } from './components/CallButtons.tsx';
export { CreateConferenceButton } from './components/CreateConferenceButton.tsx';
export { CallHistoryShortcut } from './components/CallHistoryShortcut.tsx';
export { callHistoryPage, createConferencePage } from './pages.tsx';
