// Which room this page has open: a message pushed to it is read at once, so the new-message notices of that room
// need no notified mark (hooks/notifications.ts).
import { create } from 'zustand';

interface OpenRoomState {
  roomId: string | null;
  opened(roomId: string): void;
  closed(roomId: string): void;
}

export const useOpenRoomStore = create<OpenRoomState>((set) => ({
  roomId: null,
  opened: (roomId) => set({ roomId }),
  closed: (roomId) => set((state) => (state.roomId === roomId ? { roomId: null } : state)),
}));

/** The room is open and the page shown: its new messages are read as they come. */
export function readAsItComes(roomId: string): boolean {
  return useOpenRoomStore.getState().roomId === roomId && (typeof document === 'undefined' || !document.hidden);
}
