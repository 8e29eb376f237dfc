// Virtualised message list: older pages load when scrolled to the top, the view sticks to the bottom for new
// messages, and the scroll position holds when older messages are put above.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MessageSquareDashed } from 'lucide-react';
import { EmptyState, Spinner } from '../../ui/index.ts';
import type { ChatMessage } from './data.ts';
import { MessageBubble, type MessageAction } from './MessageBubble.tsx';
import { buildRows } from './rows.ts';
import styles from './Chat.module.scss';

export interface MessageListProps {
  messages: ChatMessage[];
  firstUnreadMessageId: string | null;
  loaded: boolean;
  loadingOlder: boolean;
  hasOlder: boolean;
  onLoadOlder: () => void;
  onAction: (action: MessageAction, message: ChatMessage) => void;
}

function dateLabel(time: number, locale: string, today: string, yesterday: string): string {
  const date = new Date(time);
  const now = new Date();
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (time >= startOfToday) return today;
  if (time >= startOfToday - 86_400_000) return yesterday;
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' });
}

export function MessageList({ messages, firstUnreadMessageId, loaded, loadingOlder, hasOlder, onLoadOlder, onAction }: MessageListProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const rows = useMemo(() => buildRows(messages, firstUnreadMessageId), [messages, firstUnreadMessageId]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'message' ? 64 : 36),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 10,
  });

  const atBottom = useRef(true);
  const previous = useRef<{ firstKey: string | undefined; lastKey: string | undefined; total: number }>({ firstKey: undefined, lastKey: undefined, total: 0 });

  // Keep the reader's place: older rows above shift the view by their height; new rows at the end follow
  // only when the reader was already at the bottom (or sent the message).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || rows.length === 0) return;
    const firstKey = rows[0]?.key;
    const lastRow = rows[rows.length - 1];
    const lastKey = lastRow?.key;
    const before = previous.current;
    const total = virtualizer.getTotalSize();
    if (before.firstKey !== undefined && firstKey !== before.firstKey && lastKey === before.lastKey) {
      element.scrollTop += total - before.total;
    } else if (lastKey !== before.lastKey) {
      const own = lastRow?.kind === 'message' && lastRow.message.isSendFromYou;
      if (atBottom.current || own || before.lastKey === undefined) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    }
    previous.current = { firstKey, lastKey, total };
  }, [rows, virtualizer]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
      if (element.scrollTop < 120 && hasOlder && !loadingOlder) onLoadOlder();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [hasOlder, loadingOlder, onLoadOlder]);

  if (!loaded) return <div className={styles.listCenter}><Spinner size="large" /></div>;
  if (messages.length === 0) return <div className={styles.listCenter}><EmptyState icon={MessageSquareDashed} text={t('empty.message')} /></div>;

  return (
    <div ref={scrollRef} className={styles.scroller} role="log" aria-label={t('chat.messageList')} aria-live="polite" data-testid="message-list">
      {loadingOlder ? <Spinner label={t('chat.loadingOlder')} /> : null}
      <div className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className={styles.rowSlot} style={{ transform: `translateY(${item.start}px)` }}>
              {row.kind === 'date' ? (
                <div className={styles.dateSeparator} role="separator">
                  <span>{dateLabel(row.date, locale, t('chat.today'), t('chat.yesterday'))}</span>
                </div>
              ) : null}
              {row.kind === 'unread' ? (
                <div className={styles.unreadMarker} role="separator" data-testid="unread-marker">
                  <span>{t('chat.unreadMarker')}</span>
                </div>
              ) : null}
              {row.kind === 'message' ? (
                <MessageBubble message={row.message} firstOfGroup={row.firstOfGroup} lastOfGroup={row.lastOfGroup} locale={locale} onAction={onAction} />
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
