// The main panel for one room: header, message list, composer and the message actions.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, X } from 'lucide-react';
import type { Room } from '@generated/types/index';
import { Button, Dialog, IconButton, confirmAction, showToast, usePanelNav } from '../../../ui/index.ts';
import { RoomHeaderMenu, roomTitle, useRooms } from '../../roomlist/index.ts';
import { Composer } from './Composer.tsx';
import { deleteForMe, forward, imageSize, recall, setStarred, useRoomMembers, type ChatMessage } from '../api/data.ts';
import { OnlineDot } from './OnlineDot.tsx';
import { useOnlineStatuses, usePresenceSignals, useRoomPresence, useTypingSignal } from '../hooks/usePresence.ts';
import type { MessageAction } from './MessageBubble.tsx';
import { MessageList } from './MessageList.tsx';
import { useChatRoom } from '../hooks/useChatRoom.ts';
import { messageInfoPage } from './pages.tsx';
import { chatRoomInfoPage } from '../../roominfo/index.ts';
import { ChatRoomContext, type ChatRoomContextValue } from './RoomContext.tsx';
import { MediaViewer } from './MediaViewer.tsx';
import styles from './Chat.module.scss';

export interface ChatViewProps {
  room: Room;
}

export function ChatView({ room }: ChatViewProps) {
  const { t } = useTranslation();
  const openRight = usePanelNav((nav) => nav.openRight);
  const selectRoom = usePanelNav((nav) => nav.selectRoom);
  const { state, loadOlder, loadNewer, send, resend, patch, remove } = useChatRoom(room.roomId);
  const members = useRoomMembers(room.roomId);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [forwarding, setForwarding] = useState<ChatMessage | null>(null);
  const title = roomTitle(room);
  usePresenceSignals(room.roomId);
  const onTyping = useTypingSignal(room.roomId);
  const typing = useRoomPresence(room.roomId, members);
  const online = useOnlineStatuses(members);

  const [viewing, setViewing] = useState<string | null>(null);
  useEffect(() => {
    setReplyTo(null);
    setViewing(null);
  }, [room.roomId]);

  const single = room.roomType === 'SINGLE' ? members.find((member) => member.accountId === room.singleRoomAccountId) : undefined;
  const typingText =
    typing.length === 0 ? '' : typing.length === 1 ? t('chat.typing', { name: typing[0] }) : t('chat.typingMany', { names: typing.join(', ') });

  const onAction = useCallback(
    async (action: MessageAction, message: ChatMessage) => {
      const failed = () => showToast(t('errors.actionFailed'));
      switch (action) {
        case 'reply':
          setReplyTo(message);
          return;
        case 'forward':
          setForwarding(message);
          return;
        case 'info':
          openRight(messageInfoPage, { message }, { replace: true });
          return;
        case 'resend':
          resend(message.messageId);
          return;
        case 'star':
        case 'unstar': {
          const starred = action === 'star';
          patch(message.messageId, { isStarredByYou: starred });
          if (!(await setStarred(room.roomId, message.messageId, starred))) {
            patch(message.messageId, { isStarredByYou: !starred });
            failed();
          }
          return;
        }
        case 'deleteForMe':
          if (message.messageId.startsWith('local-') || (await deleteForMe(room.roomId, message.messageId))) remove(message.messageId);
          else failed();
          return;
        case 'recall': {
          const confirmed = await confirmAction({
            title: t('chat.recallTitle'),
            message: t('chat.recallMessage'),
            confirmLabel: t('chat.recall'),
            tone: 'danger',
          });
          if (!confirmed) return;
          if (await recall(room.roomId, message.messageId)) patch(message.messageId, { messageStatus: 'ALL_DELETED', text: undefined });
          else failed();
          return;
        }
      }
    },
    [openRight, patch, remove, resend, room.roomId, t],
  );

  const sendText = (text: string, mentionIds: string[]) => {
    void send({ type: 'TEXT', text, mentionIds, replyToMessageId: replyTo?.messageId });
    setReplyTo(null);
  };
  const sendFile = async (file: File, kind: 'image' | 'file') => {
    const size = kind === 'image' ? await imageSize(file) : null;
    void send({
      type: kind === 'image' ? 'IMAGE' : 'FILE',
      file,
      fileMetadata: { mimeType: file.type || undefined, size: file.size, ...(size ?? {}) },
      replyToMessageId: replyTo?.messageId,
    });
    setReplyTo(null);
  };

  const roomContext = useMemo<ChatRoomContextValue>(
    () => ({
      roomId: room.roomId,
      messages: state.messages,
      openMedia: (message) => setViewing(message.messageId),
      reply: (text, to) => void send({ type: 'TEXT', text, replyToMessageId: to.messageId }),
      patch,
    }),
    [patch, room.roomId, send, state.messages],
  );

  const blocked = room.isMember === false ? t('errors.notParticipant') : room.isAllowedInput === false ? t('errors.roomPolicyNoSend') : null;

  return (
    <section className={styles.chat} aria-label={t('chat.regionLabel')}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <h2 className={styles.roomName} data-testid="chat-title">
            {title}
            {single ? <OnlineDot online={online.get(single.accountId)} /> : null}
          </h2>
          <p className={styles.headerMeta}>
            {single?.postTitle ? <span className={styles.postTitle}>{single.postTitle}</span> : null}
            {room.roomType !== 'SINGLE' && members.length > 0 ? <span>{t('chat.members', { count: members.length })}</span> : null}
            <span className={styles.typing} aria-live="polite" data-testid="typing-indicator">
              {typingText}
            </span>
          </p>
        </div>
        <RoomHeaderMenu room={room} />
        <IconButton icon={Info} label={t('chat.roomInfo')} onClick={() => openRight(chatRoomInfoPage, { roomId: room.roomId }, { replace: true })} />
        <IconButton icon={X} label={t('chat.closeRoom')} onClick={() => selectRoom(null)} />
      </header>
      <ChatRoomContext.Provider value={roomContext}>
      <MessageList
        messages={state.messages}
        firstUnreadMessageId={state.firstUnreadMessageId}
        loaded={state.loaded}
        loadingOlder={state.loadingOlder}
        loadingNewer={state.loadingNewer}
        hasOlder={state.hasOlder}
        hasNewer={state.hasNewer}
        onLoadOlder={loadOlder}
        onLoadNewer={loadNewer}
        onAction={(action, message) => void onAction(action, message)}
      />
      {viewing ? <MediaViewer messages={state.messages} messageId={viewing} onNavigate={setViewing} onClose={() => setViewing(null)} /> : null}
      </ChatRoomContext.Provider>
      {blocked ? (
        <p className={styles.blocked} role="note">{blocked}</p>
      ) : (
        <Composer members={members} replyTo={replyTo} onTyping={onTyping} onCancelReply={() => setReplyTo(null)} onSendText={sendText} onSendFile={(file, kind) => void sendFile(file, kind)} />
      )}
      {forwarding ? <ForwardDialog message={forwarding} fromRoomId={room.roomId} onClose={() => setForwarding(null)} /> : null}
    </section>
  );
}

function ForwardDialog({ message, fromRoomId, onClose }: { message: ChatMessage; fromRoomId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const rooms = useRooms();
  const [busy, setBusy] = useState(false);
  const to = async (roomId: string) => {
    setBusy(true);
    const ok = await forward(fromRoomId, roomId, message.messageId);
    setBusy(false);
    showToast(ok ? t('chat.forwarded_done') : t('errors.actionFailed'), ok ? 'success' : 'error');
    if (ok) onClose();
  };
  return (
    <Dialog open title={t('chat.forwardHeading')} onClose={onClose}>
      <ul className={styles.forwardList}>
        {rooms.map((room) => (
          <li key={room.roomId}>
            <Button variant="secondary" block disabled={busy} onClick={() => void to(room.roomId)} aria-label={t('chat.forwardTo', { name: roomTitle(room) })}>
              {roomTitle(room)}
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
