// The socket's connection state for the UI (banner, online dots, the outbox of sends): one React hook over the
// core's realtime client, and the retry the Reconnect button runs.
import { useCallback, useSyncExternalStore } from 'react';
import type { RealtimeStatus } from '../realtime/realtime-client.ts';
import { currentRealtime } from './live.ts';

export type ConnectionStatus = RealtimeStatus;

/** True while messages and presence can flow live. */
export const isLive = (status: ConnectionStatus): boolean => status === 'connected';

/** The live socket status ('idle' when signed out); re-renders on each change. */
export function useConnectionStatus(): ConnectionStatus {
  const subscribe = useCallback((onChange: () => void) => currentRealtime()?.on('status', onChange) ?? (() => undefined), []);
  return useSyncExternalStore(subscribe, () => currentRealtime()?.status ?? 'idle');
}
