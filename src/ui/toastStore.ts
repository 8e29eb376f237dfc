// Toasts for the seed's error and confirmation texts: any module pushes, one host renders.
import { create } from 'zustand';

export type ToastKind = 'error' | 'info' | 'success';

export interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
}

interface ToastState {
  toasts: ToastItem[];
  push: (text: string, kind?: ToastKind) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** How long a toast stays; the seed's popup notification lifetime. */
export const TOAST_LIFETIME_MS = 3500;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (text, kind = 'error') => {
    // The same text twice in a row is one toast: repeated failures should not stack up.
    if (get().toasts.some((toast) => toast.text === text)) return;
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, text, kind }] }));
    setTimeout(() => get().dismiss(id), TOAST_LIFETIME_MS);
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Shortcut for code outside React. */
export function showToast(text: string, kind: ToastKind = 'error'): void {
  useToasts.getState().push(text, kind);
}
