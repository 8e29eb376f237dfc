// Where the routes stand with the session: still checking a stored one after a reload, signed out (and why), or
// signed in with the chat services bound. The runtime sets it; pages read it with useSessionPhase.
import { create } from 'zustand';
import type { SessionEndReason } from '../core.ts';

export interface SessionPhaseState {
  phase: 'resuming' | 'signedOut' | 'signedIn';
  /** Why the last session ended without this tab's user asking (null: a logout here, or none yet). */
  endedBy: SessionEndReason | null;
  /** The stored session could not be checked (server unreachable): it is kept for the next start. */
  resumeFailed?: boolean;
}

export const useSessionPhase = create<SessionPhaseState>(() => ({ phase: 'resuming', endedBy: null }));

export function setSessionPhase(state: SessionPhaseState): void {
  useSessionPhase.setState({ resumeFailed: false, ...state });
}
