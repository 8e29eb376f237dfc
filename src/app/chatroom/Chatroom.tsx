// The chat: the three panels on the variant's 12-column grid (CSD 4/8/0). When the variant gives the right panel no
// columns it shares the width where the room is wide enough (1,200 px), and slides in over the main panel otherwise. No router here:
// the /chatroom route and the embedded app both show it.
import { useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import type { Room } from '@generated/types/index';
import { config } from '@variant/config';
import { IS_ALLOW_PRIVATE_ALBUM, IS_SHOW_GRID_CHILD_MODE, IS_SHOW_GRID_MODE } from '@variant/flags';
import { PanelPageView, confirmAction, usePanelNav } from '../../ui/index.ts';
import { useAlbumNotifications } from '../../features/album/index.ts';
import { ChatView, OutboxContext, RoomsMessageResults, useArchiveNotifications, useMessageNotifications, useOutboxRunner } from '../../features/chat/index.ts';
import { CallHost } from '../../features/conference/index.ts';
import { useOpenPerson } from '../../features/contact/index.ts';
import { GridEntry, GridPanel, useGrid } from '../../features/grid/index.ts';
import { useDeepLinkOnArrival, type DeepLinkArrival } from './useDeepLinkOnArrival.ts';
import { RoomList } from '../../features/roomlist/index.ts';
import { roomFromCache, roomTitle, useRoom } from '../../domain/index.ts';
import { useAccountLanguage } from '../../features/settings/index.ts';
import { chatServices } from '../../core/session/services.ts';
import { signOut } from '../../core/session/on-demand.ts';
import { useProfileSync } from '../../core/session/profile.ts';
import { useRightOverlay } from './useRightOverlay.ts';
import { FeatureSlots } from './FeatureSlots.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import { RoomListFooterLinks, useRoomListShortcuts } from './RoomListLinks.tsx';
import styles from './Chatroom.module.scss';

/** The room list's name of a call's room ('' when the room list does not know the room). */
function callRoomName(roomId: string): string {
  const room = roomFromCache(chatServices().queryClient, roomId);
  return room ? roomTitle(room) : '';
}

// Chosen once by the variant, so the hook order never changes.
const useAlbumSync = IS_ALLOW_PRIVATE_ALBUM ? useAlbumNotifications : () => undefined;

export interface ChatroomProps {
  /** The action object the chat was opened with (a deep link, a host's room), carried out once. */
  arrival: DeepLinkArrival;
  /** After the user's own logout. */
  onSignedOut(): void;
}

export function Chatroom({ arrival, onSignedOut }: ChatroomProps) {
  const { t } = useTranslation();
  const { room, left, right, selectRoom, backLeft, closeLeft, backRight, closeRight, reset } = usePanelNav();
  const openPerson = useOpenPerson({ replace: true });
  const liveRoom = useRoom(room?.roomId ?? null);
  // Grid mode (grid builds only): a room picked from the list goes to a cell of the grid instead.
  const grid = useGrid();
  const inGrid = IS_SHOW_GRID_MODE && grid.shown;
  const onSelectRoom = inGrid ? (picked: Room) => grid.place({ roomId: picked.roomId, roomName: roomTitle(picked) }) : selectRoom;
  const roomListShortcuts = useRoomListShortcuts(onSelectRoom);
  useMessageNotifications();
  useAlbumSync();
  useArchiveNotifications();
  const outbox = useOutboxRunner();
  useProfileSync();
  useAccountLanguage();
  // A new session starts on the room list with nothing open.
  useEffect(() => reset, [reset]);

  const columns = config.layout?.columns ?? { left: 4, main: 8, right: 0 };
  const width = config.layout?.chatRoomWidth ?? { min: 790, max: 1450 };
  const gridStyle = {
    // A grid child fills its cell of the grid, however narrow.
    '--chatroom-min-width': IS_SHOW_GRID_CHILD_MODE ? '0px' : `${width.min}px`,
    '--chatroom-max-width': `${width.max}px`,
    '--columns-left': columns.left,
    '--columns-main': columns.main,
    '--columns-right': columns.right,
  } as CSSProperties;
  const rightShown = right.length > 0;
  const rightRef = useRef<HTMLElement>(null);
  // Over a narrow room the panel covers part of the main panel, which waits (inert) until it closes.
  const overlay = useRightOverlay(rightRef, rightShown) && rightShown;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // An Escape that closed something of its own first (the composer's suggestions, a menu) leaves the panel open.
      if (event.key === 'Escape' && !event.defaultPrevented && rightShown && !document.querySelector('dialog[open]')) closeRight();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closeRight, rightShown]);

  useDeepLinkOnArrival(
    arrival,
    useCallback(
      (outcome) => {
        if (outcome.kind === 'openRoom') selectRoom(outcome.room);
        else openPerson(outcome.account);
      },
      [openPerson, selectRoom],
    ),
  );

  const logout = useCallback(async () => {
    const confirmed = await confirmAction({
      title: t('session.logoutTitle'),
      message: t('session.logoutMessage'),
      confirmLabel: t('roomList.logout'),
    });
    if (confirmed) void signOut().finally(onSignedOut);
  }, [onSignedOut, t]);

  return (
    <FeatureSlots>
      <OutboxContext.Provider value={outbox}>
        <div className={styles.page}>
          {/* The page's banner: its one top heading for screen readers (the room list, chat and pages have their h2s under
              it) and the connection state, so that everything on the page lies in a landmark. */}
          <header>
            <h1 className="cg-visually-hidden">{config.title}</h1>
            <ConnectionBanner />
          </header>
          <CallHost roomName={callRoomName} />
          <div
            className={[styles.grid, (columns.right ?? 0) > 0 ? styles.withRight : '', rightShown ? styles.rightShown : '', columns.left === 0 ? styles.noLeft : ''].join(' ')}
            style={gridStyle}
            data-testid="chatroom-grid"
          >
            <aside className={styles.left} aria-label={t('panel.left')}>
              {/* The room list stays mounted under a left page, so its scroll position and search survive. */}
              <div className={styles.leftLayer} hidden={left.length > 0}>
                <RoomList
                  selectedRoomId={room?.roomId ?? null}
                  onSelect={onSelectRoom}
                  onLogout={() => void logout()}
                  onPerson={openPerson}
                  messageResults={(text) => <RoomsMessageResults text={text} onOpen={onSelectRoom} />}
                  footerLinks={<RoomListFooterLinks />}
                  shortcuts={roomListShortcuts}
                />
              </div>
              {left.length > 0 ? (
                <div className={styles.leftLayer}>
                  <PanelPageView stack={left} onBack={backLeft} onClose={closeLeft} backAtBottom />
                </div>
              ) : null}
            </aside>
            <main className={styles.main} aria-label={t('panel.main')} inert={overlay}>
              {inGrid ? (
                <GridPanel grid={grid} />
              ) : room ? (
                <ChatView key={room.roomId} room={liveRoom ?? room} />
              ) : (
                <div className={styles.welcome}>
                  <MessagesSquare className={styles.welcomeIcon} aria-hidden="true" />
                  <p className={styles.welcomeText}>{t('welcomeText', { title: config.title })}</p>
                  <p className={styles.welcomeHint}>{t('empty.selectRoom')}</p>
                  <NotificationPrompt />
                  {IS_SHOW_GRID_MODE ? <GridEntry grid={grid} /> : null}
                </div>
              )}
            </main>
            {rightShown ? <div className={styles.scrim} onClick={closeRight} data-testid="right-panel-scrim" /> : null}
            <aside
              ref={rightRef}
              className={[styles.right, rightShown ? styles.rightOpen : ''].join(' ')}
              aria-label={t('panel.right')}
              inert={!rightShown}
              data-testid="right-panel"
            >
              {rightShown ? <PanelPageView stack={right} onBack={backRight} onClose={closeRight} /> : null}
            </aside>
          </div>
        </div>
      </OutboxContext.Provider>
    </FeatureSlots>
  );
}
