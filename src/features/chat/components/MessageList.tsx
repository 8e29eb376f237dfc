// Virtualised message list: older pages load when scrolled near the top and newer ones near the bottom (after the
// kept window slid), the view sticks to the bottom for new messages, and the rows on screen stay where they are
// while pages arrive or drop out at either end.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MessageSquareDashed } from 'lucide-react';
import { EmptyState, Spinner } from '../../../ui/index.ts';
import type { ChatMessage } from '../api/data.ts';
import { MessageBubble, type MessageAction } from './MessageBubble.tsx';
import { buildRows } from '../model/rows.ts';
import { isRowKey, rowToFocus } from '../model/rowFocus.ts';
import styles from './Chat.module.scss';

export interface MessageListProps {
  messages: ChatMessage[];
  firstUnreadMessageId: string | null;
  loaded: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  hasOlder: boolean;
  /** Newer messages were dropped from the window (scrolled back) and come again when scrolled down. */
  hasNewer: boolean;
  onLoadOlder: () => void;
  onLoadNewer: () => void;
  onAction: (action: MessageAction, message: ChatMessage) => void;
  /** A message to scroll to and highlight; each new `seq` scrolls again. */
  focus?: { messageId: string; seq: number } | null;
}

/** Pixels from an end of the list at which the next page is asked for. */
const LOAD_MARGIN = 240;

function dateLabel(time: number, locale: string, today: string, yesterday: string): string {
  const date = new Date(time);
  const now = new Date();
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (time >= startOfToday) return today;
  if (time >= startOfToday - 86_400_000) return yesterday;
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' });
}

export function MessageList({
  messages,
  firstUnreadMessageId,
  loaded,
  loadingOlder,
  loadingNewer,
  hasOlder,
  hasNewer,
  onLoadOlder,
  onLoadNewer,
  onAction,
  focus = null,
}: MessageListProps) {
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
  /** The first row on screen and how far its top is from the scroller's top: what must not move. */
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  const previousLastKey = useRef<string | undefined>(undefined);

  const rememberAnchor = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    // A message row: a date separator keeps its key while the days before it arrive, so it cannot hold the place.
    const first = virtualizer.getVirtualItems().find((item) => item.end > top && rows[item.index]?.kind === 'message');
    const row = first ? rows[first.index] : undefined;
    // None among the rendered rows (drawn for a scroll position not yet read back): the last place taken holds.
    if (first && row) anchor.current = { key: row.key, offset: first.start - top };
  }, [rows, virtualizer]);

  // Keep the reader's place while pages arrive or slide out at either end: the anchored row stays where it was on
  // screen. A reader at the bottom stays at the bottom (as does one who just sent a message).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || rows.length === 0) return;
    const lastRow = rows[rows.length - 1];
    const lastKey = lastRow?.key;
    const newAtEnd = lastKey !== previousLastKey.current;
    const first = previousLastKey.current === undefined;
    previousLastKey.current = lastKey;
    const own = lastRow?.kind === 'message' && lastRow.message.isSendFromYou && lastRow.message.messageId.startsWith('local-');
    // A reader at the bottom stays there whatever arrived (also before the pending sends, which stay last).
    if (first || (!hasNewer && (atBottom.current || (newAtEnd && own)))) {
      virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      return;
    }
    const held = anchor.current;
    if (!held) return;
    const index = rows.findIndex((row) => row.key === held.key);
    if (index < 0) return;
    const [start] = virtualizer.getOffsetForIndex(index, 'start') ?? [];
    if (start === undefined) return;
    const target = start - held.offset;
    if (Math.abs(element.scrollTop - target) > 0.5) element.scrollTop = target;
  }, [hasNewer, rows, virtualizer]);

  // The place is taken again after every render that kept the rows: a row measured once it came into view (the date
  // separator at the top when scrolled there) moves the rows after it without a scroll event, and a place taken
  // before that would put them back where they were estimated to be when the next page lands.
  const placedRows = useRef(rows);
  useLayoutEffect(() => {
    if (placedRows.current !== rows) {
      placedRows.current = rows; // the rows changed: the effect above kept the place
      return;
    }
    rememberAnchor();
  });

  // A jump: once the message is among the rows it is brought to the middle and stays highlighted until the next
  // jump; the reader is no longer at the bottom, so arrivals do not pull the view away from it.
  const servedFocus = useRef(0);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!focus || focus.seq === servedFocus.current) return;
    const index = rows.findIndex((row) => row.kind === 'message' && row.message.messageId === focus.messageId);
    if (index < 0) return;
    servedFocus.current = focus.seq;
    atBottom.current = false;
    setHighlighted(focus.messageId);
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [focus, rows, virtualizer]);

  // Near the top the older page is asked for, near the bottom the newer one (after the window slid); asked again
  // after each page while the reader is still there.
  const checkEnds = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    rememberAnchor();
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    if (element.scrollTop < LOAD_MARGIN && hasOlder && !loadingOlder && !loadingNewer) onLoadOlder();
    else if (element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_MARGIN && hasNewer && !loadingNewer && !loadingOlder) onLoadNewer();
  }, [hasNewer, hasOlder, loadingNewer, loadingOlder, onLoadNewer, onLoadOlder, rememberAnchor]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.addEventListener('scroll', checkEnds, { passive: true });
    return () => element.removeEventListener('scroll', checkEnds);
  }, [checkEnds]);

  useEffect(() => {
    if (!loadingOlder && !loadingNewer) checkEnds();
  }, [checkEnds, loadingNewer, loadingOlder, rows]);

  // The list is one Tab stop; Up and Down move the focus between the messages (entering at the newest one on
  // screen), Home and End to the first and last loaded. Keys typed in a field inside a message stay the field's.
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    const scroller = scrollRef.current;
    const target = event.target;
    if (!scroller || !isRowKey(event.key) || event.altKey || event.ctrlKey || event.metaKey || !(target instanceof HTMLElement)) return;
    const onList = target === scroller;
    if (!onList && !target.hasAttribute('data-message-id')) return;
    if (onList && (event.key === 'Home' || event.key === 'End')) return;
    let rows = [...scroller.querySelectorAll<HTMLElement>('[data-message-id]')];
    if (onList) {
      const view = scroller.getBoundingClientRect();
      rows = rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
    }
    const index = rowToFocus(rows.length, rows.indexOf(target), event.key);
    if (index === null) return;
    event.preventDefault();
    rows[index]?.focus();
  }, []);

  if (!loaded) return <div className={styles.listCenter}><Spinner size="large" /></div>;
  if (messages.length === 0) return <div className={styles.listCenter}><EmptyState icon={MessageSquareDashed} text={t('empty.message')} /></div>;

  return (
    <div
      ref={scrollRef}
      className={styles.scroller}
      role="log"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={t('chat.messageList')}
      aria-live="polite"
      aria-busy={loadingOlder || loadingNewer}
      data-testid="message-list"
      data-kept={messages.length}
      data-has-older={hasOlder}
      data-has-newer={hasNewer}
    >
      {loadingOlder ? (
        <div className={styles.pageSpinnerTop}>
          <Spinner label={t('chat.loadingOlder')} />
        </div>
      ) : null}
      <div className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-highlighted={row.kind === 'message' && row.message.messageId === highlighted ? true : undefined}
              className={styles.rowSlot}
              style={{ transform: `translateY(${item.start}px)` }}
            >
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
      {loadingNewer ? (
        <div className={styles.pageSpinnerBottom}>
          <Spinner label={t('chat.loadingNewer')} />
        </div>
      ) : null}
    </div>
  );
}
