// New messages from other people: mark them notified (seed §4) and, when the tab is hidden, show a desktop
// notification; the seed's texts explain an unsupported or blocked browser.
import { useTranslation } from 'react-i18next';
import { IS_ALLOW_DESKTOP_NOTIFICATION, IS_SHOW_POPUP_NOTIFICATION } from '@variant/flags';
import { constants } from '@variant/constants';
import { showToast } from '../../../ui/index.ts';
import { roomFromCache, roomTitle } from '../../roomlist/index.ts';
import { useNotifications } from '../../session/index.ts';
import { markNotified } from '../api/data.ts';

export type NotificationSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function notificationSupport(): NotificationSupport {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission;
}

/** Asks for permission once; the seed's texts say why notifications cannot be shown. */
export async function enableNotifications(t: (key: string) => string): Promise<boolean> {
  const support = notificationSupport();
  if (support === 'unsupported') {
    showToast(t('errors.notificationUnsupported'));
    return false;
  }
  if (support === 'denied') {
    showToast(t('errors.notificationBlocked'));
    return false;
  }
  if (support === 'granted') return true;
  return (await Notification.requestPermission()) === 'granted';
}

export function useMessageNotifications() {
  const { t } = useTranslation();
  useNotifications((notification, { accountId, queryClient }) => {
    // The reply queue carries every new message once; an open room's topic repeats it.
    if (notification.notifyType !== 'NEW_MESSAGE' || notification.source !== 'replyQueue') return;
    if (notification.senderId === accountId || !notification.roomId) return;
    void markNotified(notification.roomId, [notification.dataId]).catch(() => undefined);
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
