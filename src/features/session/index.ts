export { chatServices, hasChatServices, provideChatServices, type ChatServices } from './services.ts';
export {
  api,
  appCore,
  clearSession,
  currentRealtime,
  isSignedIn,
  onSessionCleared,
  onSessionEnded,
  signIn,
  signOut,
  updatePassword,
  type LoginOutcome,
} from './runtime.ts';
