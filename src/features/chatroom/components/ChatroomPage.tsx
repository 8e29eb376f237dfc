// Route `/chatroom`: the three panels on the variant's 12-column grid (CSD 4/8/0). When the variant gives the right
// panel no columns it narrows the main panel where the room is wide enough, and slides in over it otherwise.
import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MessagesSquare, X } from 'lucide-react';
import type { Account, Room } from '@generated/types/index';
import { config } from '@variant/config';
import { IconButton, confirmAction, showToast } from '../../../ui/index.ts';
import { ChatView, MessageInfoBody, RoomInfoBody, useMessageNotifications, useOutboxRunner, type ChatMessage } from '../../chat/index.ts';
import { UserInfoBody, openSingleChat } from '../../contact/index.ts';
import { useDeepLinkOnArrival } from '../../deeplink/index.ts';
import { RoomList, useRoom } from '../../roomlist/index.ts';
import { SessionPending, hasChatServices, signOut, useProfileSync, useSessionPhase } from '../../session/index.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import styles from './Chatroom.module.scss';

type RightPanel =
  | { kind: 'roomInfo'; members: Account[] }
  | { kind: 'messageInfo'; message: ChatMessage }
  | { kind: 'userInfo'; account: Account }
  | null;

const rightTitleKey = { roomInfo: 'roomInfo.heading', messageInfo: 'chat.messageInfo', userInfo: 'contact.heading' } as const;

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

function Chatroom() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [room, setRoom] = useState<Room | null>(null);
  const [right, setRight] = useState<RightPanel>(null);
  const liveRoom = useRoom(room?.roomId ?? null);
  useMessageNotifications();
  useOutboxRunner();
  useProfileSync();

  const columns = config.layout?.columns ?? { left: 4, main: 8, right: 0 };
  const width = config.layout?.chatRoomWidth ?? { min: 790, max: 1450 };
  const gridStyle = {
    '--chatroom-min-width': `${width.min}px`,
    '--chatroom-max-width': `${width.max}px`,
    '--columns-left': columns.left,
    '--columns-main': columns.main,
    '--columns-right': columns.right,
  } as CSSProperties;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && right && !document.querySelector('dialog[open]')) setRight(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [right]);

  const select = useCallback((next: Room) => {
    setRoom(next);
    setRight(null);
  }, []);

  useDeepLinkOnArrival(
    useCallback(
      (outcome) => {
        if (outcome.kind === 'openRoom') select(outcome.room);
        else setRight({ kind: 'userInfo', account: outcome.account });
      },
      [select],
    ),
  );

  const chatWith = useCallback(
    async (account: Account) => {
      const single = await openSingleChat(account.accountId);
      if (single) select(single);
      else showToast(t('errors.actionFailed'));
    },
    [select, t],
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
      <div
        className={[styles.grid, (columns.right ?? 0) > 0 ? styles.withRight : '', right ? styles.rightShown : ''].join(' ')}
        style={gridStyle}
        data-testid="chatroom-grid"
      >
        <aside className={styles.left} aria-label={t('panel.left')}>
          <RoomList selectedRoomId={room?.roomId ?? null} onSelect={select} onLogout={() => void logout()} />
        </aside>
        <main className={styles.main} aria-label={t('panel.main')}>
          {room ? (
            <ChatView
              key={room.roomId}
              room={liveRoom ?? room}
              onClose={() => {
                setRoom(null);
                setRight(null);
              }}
              onShowRoomInfo={(members) => setRight({ kind: 'roomInfo', members })}
              onShowMessageInfo={(message) => setRight({ kind: 'messageInfo', message })}
            />
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
          className={[styles.right, right ? styles.rightOpen : ''].join(' ')}
          aria-label={t('panel.right')}
          inert={!right}
          data-testid="right-panel"
        >
          {right ? (
            <div className={styles.rightInner}>
              <header className={styles.rightHeader}>
                <h2 className={styles.rightTitle}>{t(rightTitleKey[right.kind])}</h2>
                <IconButton icon={X} label={t('panel.closeDetails')} onClick={() => setRight(null)} />
              </header>
              <div className={styles.rightBody}>
                {right.kind === 'roomInfo' ? <RoomInfoBody members={right.members} /> : null}
                {right.kind === 'messageInfo' ? <MessageInfoBody message={right.message} /> : null}
                {right.kind === 'userInfo' ? <UserInfoBody account={right.account} onChatNow={(account) => void chatWith(account)} /> : null}
              </div>
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
