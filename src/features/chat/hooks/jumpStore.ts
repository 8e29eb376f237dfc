// A request to show one message in its room (from the search results or the starred list in the right panel):
// the open chat loads the history around it, scrolls to it and highlights it. UI state only.
import { create } from 'zustand';

export interface JumpTarget {
  roomId: string;
  messageId: string;
  /** Grows with each request, so asking for the same message again scrolls to it again. */
  seq: number;
}

interface JumpState {
  target: JumpTarget | null;
  jumpTo: (roomId: string, messageId: string) => void;
  /** The request was served (reopening the room later does not repeat it). */
  served: (seq: number) => void;
}

let lastSeq = 0;

export const useJumpStore = create<JumpState>((set, get) => ({
  target: null,
  jumpTo: (roomId, messageId) => set({ target: { roomId, messageId, seq: ++lastSeq } }),
  served: (seq) => {
    if (get().target?.seq === seq) set({ target: null });
  },
}));
