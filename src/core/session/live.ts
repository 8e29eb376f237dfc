// What the signed-in features ask of the running core without importing it (the core is loaded on demand, see
// on-demand.ts): its socket, a reconnect, and the end of a session. The runtime attaches the core here.
import type { RealtimeClient } from '../realtime/realtime-client.ts';
import type { SessionEndReason } from '../core.ts';

export interface LiveCore {
  readonly realtime: RealtimeClient | null;
  reconnect(): boolean;
}

let live: LiveCore | null = null;
const endListeners = new Set<(reason: SessionEndReason) => void>();
const clearListeners = new Set<() => void>();

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

/**
 * The session was cleared, asked for or not. The app drops what belonged to it that the core cannot reach (the
 * open dialogs: src/ui is above the core).
 */
export function onSessionCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

export function notifySessionCleared(): void {
  clearListeners.forEach((listener) => listener());
}
