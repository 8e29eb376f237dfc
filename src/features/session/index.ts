export { chatServices, hasChatServices, provideChatServices, type ChatServices } from './services.ts';
export {
  appCore,
  clearSession,
  currentRealtime,
  onSessionEnded,
  signIn,
  signInWithToken,
  signOut,
  updatePassword,
  type LoginOutcome,
} from './runtime.ts';
export { displayNameOf, useProfile, useProfileSync } from './profile.ts';
export { useNotifications, type NotificationListener } from './notifications.ts';
export { isLive, reconnectNow, useConnectionStatus, type ConnectionStatus } from './connection.ts';
export { resumeStoredSession, type ResumeOutcome } from './runtime.ts';
export { useSessionPhase, type SessionPhaseState } from './phase.ts';
export { SessionPending } from './SessionPending.tsx';
