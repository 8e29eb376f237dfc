// New messages from other people: mark them notified (seed §4; in batches, one call per room per second, and none for
// a message of the room open in a shown page, which is read at once) and, when the tab is hidden, show a desktop
// notification (where the browser allows them: src/ui/notificationPermission.ts).
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IS_ALLOW_DESKTOP_NOTIFICATION, IS_SHOW_POPUP_NOTIFICATION } from '@variant/flags';
import { constants } from '@variant/constants';
import { notificationSupport } from '../../../ui/index.ts';
import { roomFromCache, roomTitle } from '../../../domain/index.ts';
import { useNotifications } from '../../../core/session/notifications.ts';
import { markNotified } from '../api/data.ts';
import { MarkBatch } from '../model/markBatch.ts';
import { readAsItComes } from './openRoomStore.ts';

export function useMessageNotifications() {
  const { t } = useTranslation();
  const notified = useMemo(() => new MarkBatch({ send: markNotified }), []);
  useEffect(() => () => notified.flushAll(), [notified]);
  useNotifications((notification, { accountId, queryClient }) => {
    // The reply queue carries every new message once; an open room's topic repeats it.
    if (notification.notifyType !== 'NEW_MESSAGE' || notification.source !== 'replyQueue') return;
    if (notification.senderId === accountId || !notification.roomId) return;
    if (!readAsItComes(notification.roomId)) notified.add(notification.roomId, [notification.dataId]);
    if (!IS_ALLOW_DESKTOP_NOTIFICATION || !IS_SHOW_POPUP_NOTIFICATION || !document.hidden || notificationSupport() !== 'granted') return;
    const room = roomFromCache(queryClient, notification.roomId);
    // Do Not Disturb (the server marks the push silent) and a muted room deliver without a pop-up.
    if (notification.silent || room?.isMute) return;
    const sender = typeof notification.data?.messageUsername === 'string' ? notification.data.messageUsername : room ? roomTitle(room) : '';
    // Only who and where: message text never leaves the page in clear.
    const shown = new Notification(t('chat.notificationTitle', { name: sender }), {
      body: t('chat.notificationBody', { room: room ? roomTitle(room) : '' }),
      tag: notification.roomId,
    });
    setTimeout(() => shown.close(), constants.timings.popupNotificationDestroyMs);
    shown.onclick = () => window.focus();
  });
}
