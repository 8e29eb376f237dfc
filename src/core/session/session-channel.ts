// Tells the other tabs of this browser when the session starts or ends, so they follow within a moment: a login
// in one tab signs the others in (from the vault), a logout, forced logout, remote wipe or expiry signs them out.
// BroadcastChannel reaches every same-origin tab and never echoes to the sender.

export type SessionEndCause = 'loggedOut' | 'expired' | 'forcedLogout' | 'remoteWipe';

export type SessionSignal = { kind: 'signedIn'; sessionId: string } | { kind: 'signedOut'; sessionId: string; cause: SessionEndCause };

export interface SessionChannel {
  post(signal: SessionSignal): void;
  /** Returns the function that stops listening. */
  listen(listener: (signal: SessionSignal) => void): () => void;
}

const CHANNEL = 'chatgen-session';
const causes = new Set<string>(['loggedOut', 'expired', 'forcedLogout', 'remoteWipe']);

export const isSessionEndCause = (value: unknown): value is SessionEndCause => typeof value === 'string' && causes.has(value);

export function isSessionSignal(value: unknown): value is SessionSignal {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.sessionId !== 'string') return false;
  if (v.kind === 'signedIn') return true;
  return v.kind === 'signedOut' && isSessionEndCause(v.cause);
}

/** A channel over any BroadcastChannel-like object (the page's, or a test's). */
export function channelOver(port: Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'>): SessionChannel {
  return {
    post: (signal) => port.postMessage(signal),
    listen(listener) {
      const onMessage = (event: Event) => {
        const data: unknown = (event as MessageEvent).data;
        if (isSessionSignal(data)) listener(data);
      };
      port.addEventListener('message', onMessage);
      return () => port.removeEventListener('message', onMessage);
    },
  };
}

/** The page's channel, or null outside a browser page (Node has BroadcastChannel too, but no tabs to follow). */
export function browserSessionChannel(): SessionChannel | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  return channelOver(new BroadcastChannel(CHANNEL));
}
