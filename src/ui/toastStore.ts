// Toasts for the seed's error and confirmation texts: any module pushes, one host renders. A toast may name a topic:
// the next toast of that topic takes its place (a progress toast replaced by its result), and at most
// MAX_TOASTS show at once (the oldest goes), so toasts never pile up over the page.
import { create } from 'zustand';

export type ToastKind = 'error' | 'info' | 'success';

export interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
  topic?: string;
}

export interface ToastOptions {
  /** What the toast is about ('album-save'): a later toast of the same topic replaces this one. */
  topic?: string;
}

interface ToastState {
  toasts: ToastItem[];
  push: (text: string, kind?: ToastKind, options?: ToastOptions) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** How long a toast stays; the seed's popup notification lifetime. */
export const TOAST_LIFETIME_MS = 3500;
/** Most toasts shown at once. */
export const MAX_TOASTS = 3;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (text, kind = 'error', options = {}) => {
    const { topic } = options;
    // The same text twice in a row is one toast: repeated failures should not stack up.
    if (get().toasts.some((toast) => toast.text === text && toast.topic === topic)) return;
    const id = nextId++;
    set((state) => {
      const others = topic === undefined ? state.toasts : state.toasts.filter((toast) => toast.topic !== topic);
      return { toasts: [...others, { id, text, kind, ...(topic === undefined ? {} : { topic }) }].slice(-MAX_TOASTS) };
    });
    setTimeout(() => get().dismiss(id), TOAST_LIFETIME_MS);
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Shortcut for code outside React. */
export function showToast(text: string, kind: ToastKind = 'error', options?: ToastOptions): void {
  useToasts.getState().push(text, kind, options);
}
