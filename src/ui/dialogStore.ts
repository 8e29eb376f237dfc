// Dialogs asked for from anywhere (`if (await confirmAction({...}))`), one at a time in order; DialogHost renders
// the first. Closing the page's session (logout) does not need to know who is waiting: pending ones answer no.
import { create } from 'zustand';
import type { ConfirmOptions, NoticeOptions } from './ConfirmDialog.tsx';

export type QueuedDialog =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; answer: (confirmed: boolean) => void }
  | { id: number; kind: 'notice'; options: NoticeOptions; answer: () => void };

interface DialogQueue {
  queue: QueuedDialog[];
  settle: (id: number, confirmed: boolean) => void;
}

let nextId = 1;

export const useDialogQueue = create<DialogQueue>((set, get) => ({
  queue: [],
  settle: (id, confirmed) => {
    const item = get().queue.find((candidate) => candidate.id === id);
    if (!item) return;
    set((state) => ({ queue: state.queue.filter((candidate) => candidate.id !== id) }));
    if (item.kind === 'confirm') item.answer(confirmed);
    else item.answer();
  },
}));

/** Asks before an action: true when the user confirmed, false for Cancel, Escape or the close button. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const item: QueuedDialog = { id: nextId++, kind: 'confirm', options, answer: resolve };
    useDialogQueue.setState((state) => ({ queue: [...state.queue, item] }));
  });
}

/** A message with one OK button; resolves when it is closed. */
export function showNotice(options: NoticeOptions): Promise<void> {
  return new Promise((resolve) => {
    const item: QueuedDialog = { id: nextId++, kind: 'notice', options, answer: resolve };
    useDialogQueue.setState((state) => ({ queue: [...state.queue, item] }));
  });
}

/** Answers every waiting dialog with no (the session ended under them). */
export function dismissAllDialogs(): void {
  for (const item of useDialogQueue.getState().queue) useDialogQueue.getState().settle(item.id, false);
}
