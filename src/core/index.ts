// The public surface of the client core (docs/client-core.md). Deep imports work too; this is the short path.
export { createCore, type Core, type CoreOptions, type CoreResumeResult, type SessionEndReason } from './core.ts';
export { bindCalls, createClient, type BoundCalls, type Client, type CoreApi, type CreateClientOptions } from './api.ts';
export {
  clientErrorCodes,
  clientErrMsgList,
  errorMessage,
  failureCode,
  firstErrorCode,
  isNetworkFailure,
  serverNotReached,
  type CallFailure,
  type ClientErrorCode,
} from './errors.ts';
export { HttpTransport, type EncryptionProfile, type HttpTransportOptions } from './transport/http-transport.ts';
export { MemorySessionSource, type TransportSession, type TransportSessionSource } from './transport/session-source.ts';
export { AesKeyService, AesKeyUnavailableError, type MessageKeySource } from './keys/aes-key-service.ts';
export {
  decryptFailureText,
  decryptFailureTexts,
  decryptFileContent,
  decryptIncoming,
  decryptIncomingList,
  encryptOutgoing,
  type DecryptedMessage,
  type DecryptFailure,
  type DecryptFailureKey,
  type EncryptedParts,
  type OutgoingParts,
} from './messages/crypto.ts';
export { sendEncryptedMessage, type SendFields } from './messages/send.ts';
export {
  RealtimeClient,
  isLostConnection,
  webSocketBase,
  type RealtimeClientOptions,
  type RealtimeEvents,
  type RealtimeStatus,
  type WebSocketFactory,
} from './realtime/realtime-client.ts';
export type { ReceivedNotification } from './realtime/messages.ts';
export { ReconnectPolicy } from './realtime/reconnect-policy.ts';
export { useSessionStore, sessionTransportSource, type SessionData, type SessionState, type SessionStatus } from './session/session-store.ts';
export { performLogin, resumeSession, logout, forcedClear, type LoginDeps, type LoginResult, type ResumeResult } from './session/login-flow.ts';
export { IndexedDbSessionVault, browserSessionVault, type SessionVault, type StoredSession } from './session/session-vault.ts';
export { browserSessionChannel, channelOver, type SessionChannel, type SessionEndCause, type SessionSignal } from './session/session-channel.ts';
export { generateDeviceKeys, type DeviceKeys } from './crypto/rsa.ts';
export {
  initI18n,
  changeLanguage,
  isLocale,
  loadLanguage,
  saveLanguage,
  localeFromBrowser,
  supportedLocales,
  defaultLocale,
  type Locale,
} from './i18n/init-i18n.ts';
export { createQueryClient } from './query/query-client.ts';
export { applyConsolePolicy, isConsoleSilenced } from './logging.ts';
export { langIdOf } from './i18n/lang-id.ts';
export { navigateTo, routeHistory, useRouteLocation } from './navigation/navigation.ts';
export { routerBasename } from './navigation/basename.ts';
export { createRouteHistory, type HistoryHost, type NavigateOptions, type RouteHistory, type RouteLocation } from './navigation/route-history.ts';
export { nonEmpty, type NonEmpty } from './non-empty.ts';
