// The loaded rooms, their decrypted previews and paging; realtime updates are applied here.
import { create } from 'zustand';
import type { Room } from '@generated/types/index';
import type { DecryptedMessage } from '../../core/messages/crypto.ts';
import { applyNewMessage, markRoomRead, mergeRooms, type NewMessageEvent } from './rooms.ts';

interface RoomListState {
  rooms: Room[];
  previews: Record<string, DecryptedMessage | undefined>;
  nextPage: number;
  stillHaveData: boolean;
  loading: boolean;
  loaded: boolean;
  setFirstPage: (rooms: Room[], previews: RoomListState['previews'], stillHaveData: boolean) => void;
  addPage: (rooms: Room[], previews: RoomListState['previews'], stillHaveData: boolean) => void;
  setLoading: (loading: boolean) => void;
  newMessage: (event: NewMessageEvent, myAccountId: string | null, openRoomId: string | null) => boolean;
  setPreview: (roomId: string, preview: DecryptedMessage | undefined) => void;
  upsert: (room: Room) => void;
  markRead: (roomId: string) => void;
}

export const useRoomList = create<RoomListState>((set, get) => ({
  rooms: [],
  previews: {},
  nextPage: 1,
  stillHaveData: true,
  loading: false,
  loaded: false,
  setFirstPage: (rooms, previews, stillHaveData) =>
    // A fresh first page replaces what is known but keeps later pages the user already scrolled to.
    set((state) => ({ rooms: mergeRooms(state.rooms, rooms), previews: { ...state.previews, ...previews }, loaded: true, stillHaveData: state.nextPage > 2 ? state.stillHaveData : stillHaveData, nextPage: Math.max(state.nextPage, 2) })),
  addPage: (rooms, previews, stillHaveData) =>
    set((state) => ({ rooms: mergeRooms(state.rooms, rooms), previews: { ...state.previews, ...previews }, stillHaveData, nextPage: state.nextPage + 1, loaded: true })),
  setLoading: (loading) => set({ loading }),
  newMessage: (event, myAccountId, openRoomId) => {
    const result = applyNewMessage(get().rooms, event, myAccountId, openRoomId);
    if (result.known) set({ rooms: result.rooms });
    return result.known;
  },
  setPreview: (roomId, preview) => set((state) => ({ previews: { ...state.previews, [roomId]: preview } })),
  upsert: (room) => set((state) => ({ rooms: mergeRooms(state.rooms, [room]) })),
  markRead: (roomId) => set((state) => ({ rooms: markRoomRead(state.rooms, roomId) })),
}));

export function resetRoomList(): void {
  useRoomList.setState({ rooms: [], previews: {}, nextPage: 1, stillHaveData: true, loaded: false, loading: false });
}
