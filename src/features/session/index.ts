// Light on purpose: the login page and the start-up import this index, so nothing here imports the session core
// (runtime.ts) statically; it is loaded on demand (on-demand.ts) and attaches itself to live.ts.
export { chatServices, hasChatServices, provideChatServices, type ChatServices } from './services.ts';
export type { LoginOutcome, ResumeOutcome } from './runtime.ts';
export { clearSession, prepareSignIn, signIn, signInWithToken, signOut, startSession, updatePassword, whenSignInStarts } from './on-demand.ts';
export { currentRealtime, onSessionEnded, reconnectNow } from './live.ts';
export { useCoreQueryClient } from './core-query-client.ts';
export { displayNameOf, useProfile, useProfileSync } from './profile.ts';
export { useNotifications, type NotificationListener } from './notifications.ts';
export { isLive, useConnectionStatus, type ConnectionStatus } from './connection.ts';
export { useSessionPhase, type SessionPhaseState } from './phase.ts';
export { SessionPending } from './SessionPending.tsx';
export { liveName, personName, rememberName, useLiveNames, type LiveNames } from './people.ts';
