// Route `/chatroom`: the three panels on the variant's 12-column grid (CSD 4/8/0). When the variant gives the right
// panel no columns it narrows the main panel where the room is wide enough, and slides in over it otherwise.
import { useCallback, useEffect, type CSSProperties } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import { config } from '@variant/config';
import { IS_ALLOW_PRIVATE_ALBUM } from '@variant/flags';
import { PanelPageView, confirmAction, usePanelNav } from '../../../ui/index.ts';
import { useAlbumNotifications } from '../../album/index.ts';
import { ChatView, RoomsMessageResults, useArchiveNotifications, useMessageNotifications, useOutboxRunner } from '../../chat/index.ts';
import { CallHost } from '../../conference/index.ts';
import { userInfoPage } from '../../contact/index.ts';
import { useDeepLinkOnArrival } from '../../deeplink/index.ts';
import { RoomList, roomFromCache, roomTitle, useRoom } from '../../roomlist/index.ts';
import { useAccountLanguage } from '../../settings/index.ts';
import { SessionPending, chatServices, hasChatServices, signOut, useProfileSync, useSessionPhase } from '../../session/index.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import styles from './Chatroom.module.scss';

/**
 * Without a session this goes to the login page ('Session Timeout, Please request login again' when it expired),
 * keeping a deep link's action for after the login; a session ended in another tab ends here too.
 */
export function ChatroomPage() {
  const { phase, endedBy } = useSessionPhase();
  const location = useLocation();
  if (phase === 'resuming') return <SessionPending />;
  if (phase !== 'signedIn' || !hasChatServices()) {
    const carried = (location.state ?? null) as { actionObj?: Record<string, string> } | null;
    return <Navigate to={endedBy === 'expired' ? '/login?sessionTimeout' : '/login'} replace state={carried?.actionObj ? { actionObj: carried.actionObj } : undefined} />;
  }
  return <Chatroom />;
}

/** The room list's name of a call's room ('' when the room list does not know the room). */
function callRoomName(roomId: string): string {
  const room = roomFromCache(chatServices().queryClient, roomId);
  return room ? roomTitle(room) : '';
}

// Chosen once by the variant, so the hook order never changes.
const useAlbumSync = IS_ALLOW_PRIVATE_ALBUM ? useAlbumNotifications : () => undefined;

function Chatroom() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { room, left, right, selectRoom, openRight, backLeft, closeLeft, backRight, closeRight, reset } = usePanelNav();
  const liveRoom = useRoom(room?.roomId ?? null);
  useMessageNotifications();
  useAlbumSync();
  useArchiveNotifications();
  useOutboxRunner();
  useProfileSync();
  useAccountLanguage();
  // A new session starts on the room list with nothing open.
  useEffect(() => reset, [reset]);

  const columns = config.layout?.columns ?? { left: 4, main: 8, right: 0 };
  const width = config.layout?.chatRoomWidth ?? { min: 790, max: 1450 };
  const gridStyle = {
    '--chatroom-min-width': `${width.min}px`,
    '--chatroom-max-width': `${width.max}px`,
    '--columns-left': columns.left,
    '--columns-main': columns.main,
    '--columns-right': columns.right,
  } as CSSProperties;
  const rightShown = right.length > 0;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && rightShown && !document.querySelector('dialog[open]')) closeRight();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closeRight, rightShown]);

  useDeepLinkOnArrival(
    useCallback(
      (outcome) => {
        if (outcome.kind === 'openRoom') selectRoom(outcome.room);
        else openRight(userInfoPage, { account: outcome.account }, { replace: true });
      },
      [openRight, selectRoom],
    ),
  );

  const logout = useCallback(async () => {
    const confirmed = await confirmAction({
      title: t('session.logoutTitle'),
      message: t('session.logoutMessage'),
      confirmLabel: t('roomList.logout'),
    });
    if (confirmed) void signOut().finally(() => navigate('/', { replace: true }));
  }, [navigate, t]);

  return (
    <div className={styles.page}>
      <ConnectionBanner />
      <CallHost roomName={callRoomName} />
      <div
        className={[styles.grid, (columns.right ?? 0) > 0 ? styles.withRight : '', rightShown ? styles.rightShown : ''].join(' ')}
        style={gridStyle}
        data-testid="chatroom-grid"
      >
        <aside className={styles.left} aria-label={t('panel.left')}>
          {/* The room list stays mounted under a left page, so its scroll position and search survive. */}
          <div className={styles.leftLayer} hidden={left.length > 0}>
            <RoomList
              selectedRoomId={room?.roomId ?? null}
              onSelect={selectRoom}
              onLogout={() => void logout()}
              onPerson={(account) => openRight(userInfoPage, { account }, { replace: true })}
              messageResults={(text, rooms) => <RoomsMessageResults text={text} rooms={rooms} onOpen={selectRoom} />}
            />
          </div>
          {left.length > 0 ? (
            <div className={styles.leftLayer}>
              <PanelPageView stack={left} onBack={backLeft} onClose={closeLeft} backAtBottom />
            </div>
          ) : null}
        </aside>
        <main className={styles.main} aria-label={t('panel.main')}>
          {room ? (
            <ChatView key={room.roomId} room={liveRoom ?? room} />
          ) : (
            <div className={styles.welcome}>
              <MessagesSquare className={styles.welcomeIcon} aria-hidden="true" />
              <p className={styles.welcomeText}>{t('welcomeText', { title: config.title })}</p>
              <p className={styles.welcomeHint}>{t('empty.selectRoom')}</p>
              <NotificationPrompt />
            </div>
          )}
        </main>
        <aside
          className={[styles.right, rightShown ? styles.rightOpen : ''].join(' ')}
          aria-label={t('panel.right')}
          inert={!rightShown}
          data-testid="right-panel"
        >
          {rightShown ? <PanelPageView stack={right} onBack={backRight} onClose={closeRight} /> : null}
        </aside>
      </div>
    </div>
  );
}
