// Archives in progress and finished: the archives this tab queued wait (per room) until the server's
// MESSAGE_ARCHIVED says one is ready; then the lists reload and the person is told. An emailed archive's
// CUSTOM_NOTIFICATION (kind ARCHIVE_EMAIL) reloads the lists again and says how the mail went.
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { showToast } from '../../../ui/index.ts';
import { useNotifications } from '../../../core/session/notifications.ts';
import { archivesKey } from '../api/history.ts';
import { archiveEmailNotice, emailStateKeys } from '../model/archiveEmail.ts';

interface PendingArchives {
  /** room id → archives queued and not yet announced. */
  pending: Readonly<Record<string, number>>;
  add: (roomId: string) => void;
  done: (roomId: string) => void;
}

export const usePendingArchives = create<PendingArchives>((set) => ({
  pending: {},
  add: (roomId) => set((state) => ({ pending: { ...state.pending, [roomId]: (state.pending[roomId] ?? 0) + 1 } })),
  done: (roomId) =>
    set((state) => {
      const left = Math.max(0, (state.pending[roomId] ?? 0) - 1);
      const { [roomId]: _gone, ...rest } = state.pending;
      return { pending: left > 0 ? { ...rest, [roomId]: left } : rest };
    }),
}));

/** Mounted once per signed-in page. */
export function useArchiveNotifications(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useNotifications((notification) => {
    const emailed = archiveEmailNotice(notification);
    if (emailed) {
      void queryClient.invalidateQueries({ queryKey: archivesKey() });
      const reason = emailStateKeys(emailed)?.reason;
      const name = emailed.roomName ?? '';
      if (reason) showToast(t('history.emailFailedToast', { name, reason: t(reason) }));
      else showToast(t('history.emailedToast', { name }), 'success');
      return;
    }
    if (notification.notifyType !== 'MESSAGE_ARCHIVED') return;
    void queryClient.invalidateQueries({ queryKey: archivesKey() });
    usePendingArchives.getState().done(notification.roomId);
    showToast(t('history.archiveReady', { name: notification.data.archivedMessage.roomName ?? '' }), 'success');
  });
}
