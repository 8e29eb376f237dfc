// Tells the host when the session starts and ends (docs/embedding.md): `signedIn`, then `signedOut` with the reason
// (loggedOut, expired, forcedLogout, remoteWipe), so a host can hand over a fresh token without the user asking.
// The embedded app and the lite builds' web view use it.
import { useEffect, useRef } from 'react';
import { useSessionPhase } from '../../../core/session/phase.ts';
import { HOST_ACTIONS } from './actions.ts';
import { postToHost } from './host-bridge.ts';

export function useTellHostOfSession(): void {
  const { phase, endedBy } = useSessionPhase();
  const signedIn = useRef(false);
  useEffect(() => {
    if (phase === 'signedIn' && !signedIn.current) {
      signedIn.current = true;
      postToHost(HOST_ACTIONS.signedIn);
    }
    if (phase === 'signedOut' && signedIn.current) {
      signedIn.current = false;
      postToHost(HOST_ACTIONS.signedOut, { reason: endedBy ?? 'loggedOut' });
    }
  }, [phase, endedBy]);
}

/** Renders nothing: the hook for a tree that has no component of its own to hold it. */
export function TellHostOfSession(): null {
  useTellHostOfSession();
  return null;
}
