// The browser's permission for desktop notifications: what it is, and asking for it with the seed's texts for a
// browser that blocks or lacks them (the settings page and the chat room's prompt ask).
import { showToast } from './toastStore.ts';

export type NotificationSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function notificationSupport(): NotificationSupport {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission;
}

/**
 * Asks the browser once, and says what came of it: on, refused (with how to allow it), or the question closed
 * unanswered; a browser that blocks or lacks notifications gets the seed's texts.
 */
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
  const answer = await Notification.requestPermission();
  if (answer === 'granted') showToast(t('settings.notification.enabled'), 'success');
  else if (answer === 'denied') showToast(`${t('settings.notification.refused')} ${t('settings.notification.howToAllow')}`);
  else showToast(t('settings.notification.dismissed'), 'info');
  return answer === 'granted';
}
