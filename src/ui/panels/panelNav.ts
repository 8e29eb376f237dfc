// Where the chat screen's panels are: the open room, the stack of left-panel pages above the room list
// (settings, contacts, hidden rooms …) and the stack of right-panel pages (room info, members, user info …).
// Any feature opens a page by its definition object, so pages are typed end to end and no central list of
// page names has to be edited when a feature adds one.
import type { ComponentType } from 'react';
import { create } from 'zustand';
import type { Room } from '@generated/types/index';

/** A panel page: its title (an i18next key) and the component that renders its body from the page's params. */
export interface PanelPageDef<P> {
  /** Stable name, used in test ids and for "is this page open" checks. */
  readonly name: string;
  readonly titleKey: string;
  readonly Component: ComponentType<{ params: P }>;
}

/** A page as it sits on a stack: its definition and the params it was opened with. */
export interface OpenPage {
  readonly def: PanelPageDef<never>;
  readonly params: unknown;
}

export function definePanelPage<P = void>(name: string, titleKey: string, Component: ComponentType<{ params: P }>): PanelPageDef<P> {
  return { name, titleKey, Component };
}

interface PanelNavState {
  room: Room | null;
  left: OpenPage[];
  right: OpenPage[];
  /** Opens a room in the main panel; the right panel's pages belonged to the previous room and close. */
  selectRoom: (room: Room | null) => void;
  openLeft: <P>(def: PanelPageDef<P>, params: P) => void;
  backLeft: () => void;
  /** Back to the room list. */
  closeLeft: () => void;
  /** Opens a right-panel page on top of the current ones (`replace` starts a new stack). */
  openRight: <P>(def: PanelPageDef<P>, params: P, options?: { replace?: boolean }) => void;
  backRight: () => void;
  closeRight: () => void;
  /** Everything back to the start (sign-out). */
  reset: () => void;
}

function page<P>(def: PanelPageDef<P>, params: P): OpenPage {
  // The stack holds pages of many param types; each is rendered with the params it was opened with.
  return { def: def as unknown as PanelPageDef<never>, params };
}

export const usePanelNav = create<PanelNavState>((set) => ({
  room: null,
  left: [],
  right: [],
  selectRoom: (room) => set({ room, right: [] }),
  openLeft: (def, params) => set((state) => ({ left: [...state.left.filter((open) => open.def.name !== def.name), page(def, params)] })),
  backLeft: () => set((state) => ({ left: state.left.slice(0, -1) })),
  closeLeft: () => set({ left: [] }),
  openRight: (def, params, options) =>
    set((state) => ({ right: [...(options?.replace ? [] : state.right.filter((open) => open.def.name !== def.name)), page(def, params)] })),
  backRight: () => set((state) => ({ right: state.right.slice(0, -1) })),
  closeRight: () => set({ right: [] }),
  reset: () => set({ room: null, left: [], right: [] }),
}));

/** The open room, for components outside the room's own view. */
export function useOpenRoom(): Room | null {
  return usePanelNav((state) => state.room);
}
