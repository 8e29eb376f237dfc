export { chatServices, hasChatServices, provideChatServices, type ChatServices } from './services.ts';
export {
  api,
  appCore,
  clearSession,
  currentRealtime,
  isSignedIn,
  onSessionEnded,
  signIn,
  signOut,
  updatePassword,
  type LoginOutcome,
} from './runtime.ts';
export { displayNameOf, useProfile, useProfileSync } from './profile.ts';
export { isLive, reconnectNow, useConnectionStatus, type ConnectionStatus } from './connection.ts';
