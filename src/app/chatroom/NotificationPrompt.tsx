// The notification-enable prompt: offered while the browser has not been asked yet.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import { IS_ALLOW_DESKTOP_NOTIFICATION, IS_SHOW_NOTIFICATION_PROMPT } from '@variant/flags';
import { Button, enableNotifications, notificationSupport } from '../../ui/index.ts';

export function NotificationPrompt() {
  const { t } = useTranslation();
  const [support, setSupport] = useState(notificationSupport);
  if (!IS_ALLOW_DESKTOP_NOTIFICATION || !IS_SHOW_NOTIFICATION_PROMPT || support === 'granted') return null;
  return (
    <Button
      data-flag="IS_SHOW_NOTIFICATION_PROMPT"
      variant="secondary"
      icon={<Bell />}
      onClick={() => void enableNotifications(t).then(() => setSupport(notificationSupport()))}
    >
      {t('chat.enableNotifications')}
    </Button>
  );
}
