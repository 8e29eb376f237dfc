export { CallHost } from './components/CallHost.tsx';
export { usePlaceCall } from './components/placeCall.ts';
export { CallHistoryShortcut } from './components/CallHistoryShortcut.tsx';
export { callHistoryPage, createConferencePage } from './pages.tsx';
