// The browser tab tells of unread messages while the chat is open ('(3) Chat'), so a person working in another tab
// sees them arrive; the plain title comes back when the chat closes (logout).
import { useEffect } from 'react';
import { config } from '@variant/config';
import { titleWithUnread } from '../model/unreadTotal.ts';

export function useUnreadTitle(unread: number | undefined): void {
  useEffect(() => {
    document.title = titleWithUnread(config.title, unread ?? 0);
  }, [unread]);
  useEffect(
    () => () => {
      document.title = config.title;
    },
    [],
  );
}
