// The person's unread messages over every chat, as the footer's Chats button and the browser tab show them.
import type { Room } from '@generated/types/index';

/** Above this the count is shown as '99+' (a badge holds three characters). */
export const UNREAD_SHOWN_MAX = 99;

/** The count as a badge or the tab title shows it: '7', '99+'. */
export function unreadText(unread: number): string {
  return unread > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(unread);
}

/** The tab's title with the unread count in front, as mail and chat pages do ('(3) Chat'); the plain title at 0. */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unreadText(unread)}) ${title}` : title;
}

/** The unread messages of the loaded rooms: when it changes, the server's total over every room is asked again. */
export function loadedUnread(rooms: readonly Room[]): number {
  return rooms.reduce((sum, room) => sum + Math.max(0, room.noOfUnreadMessage ?? 0), 0);
}
