// What the signed-in features ask of the running core without importing it (the core is loaded on demand, see
// on-demand.ts): its socket, a reconnect, and the end of a session. The runtime attaches the core here.
import type { RealtimeClient } from '../../core/realtime/realtime-client.ts';
import type { SessionEndReason } from '../../core/core.ts';

export interface LiveCore {
  readonly realtime: RealtimeClient | null;
  reconnect(): boolean;
}

let live: LiveCore | null = null;
const endListeners = new Set<(reason: SessionEndReason) => void>();

export function attachCore(core: LiveCore): void {
  live = core;
}

export function currentRealtime(): RealtimeClient | null {
  return live?.realtime ?? null;
}

/** The Reconnect button: a fresh set of tries now (false when there is nothing to retry). */
export function reconnectNow(): boolean {
  return live?.reconnect() ?? false;
}

/** The session ended without the user asking (401, forced logout, remote wipe). */
export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function notifySessionEnded(reason: SessionEndReason): void {
  endListeners.forEach((listener) => listener(reason));
}
