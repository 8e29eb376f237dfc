// The main panel for one room: header, message list, composer and the message actions.
import { useCallback, useEffect, useMemo, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, Contact, FileOutput, Forward, MapPin, PenLine, Smile, Trash2 } from 'lucide-react';
import { IS_ALLOW_EXPORT_MESSAGE, IS_SHOW_CHATBOT_NOTICE, IS_SHOW_REPLY_RESTRICTED_NOTICE, IS_ALLOW_MSG_TYPE_CONTACT, IS_ALLOW_MSG_TYPE_IMAGE, IS_ALLOW_MSG_TYPE_LOCATION, IS_ALLOW_MSG_TYPE_VOICE, IS_ALLOW_MSG_TYPE_POLLING, IS_ALLOW_MSG_TYPE_STICKER, IS_ALLOW_POLLING, IS_ALLOW_STICKER, IS_ALLOW_FORWARD, IS_ALLOW_MULTIPLE_DELETE, IS_ALLOW_MULTIPLE_SEND, IS_SHOW_TYPING_INDICATOR } from '@variant/flags';
import type { Room } from '@generated/types/index';
import { Button, IconButton, confirmAction, showNotice, showToast, usePanelNav } from '../../../ui/index.ts';
import { errorMessage } from '../../../core/index.ts';
import { roomAllows, roomTitle, useFunctionRoles } from '../../../domain/index.ts';
import { Composer } from './Composer.tsx';
import { deleteForMe, imageSize, recall, setStarred, useRoomMembers, type ChatMessage, type VideoMetadata } from '../api/data.ts';
import { usePresenceSignals, useTypingSignal } from '../hooks/usePresence.ts';
import { ChatHeader } from './ChatHeader.tsx';
import type { MessageAction } from './MessageBubble.tsx';
import { MessageList } from './MessageList.tsx';
import { useChatRoom } from '../hooks/useChatRoom.ts';
import { messageInfoPage } from './pages.tsx';
import { useChatSlots } from '../slots.ts';
import { ChatRoomContext, MessageModeContext, type ChatRoomContextValue, type MessageModeValue } from './RoomContext.tsx';
import { ForwardDialog } from './ForwardDialog.tsx';
import { CreatePollDialog, StickerPicker } from './kinds/ComposeDialogs.tsx';
import { ContactDialog, LocationDialog } from './kinds/ShareDialogs.tsx';
import { DrawingDialog } from './kinds/DrawingDialog.tsx';
import { VoiceRecorder } from './VoiceRecorder.tsx';
import { Watermark } from './Watermark.tsx';
import { messagePolicyOf, protectionOf } from '../model/protection.ts';
import { historyAllows } from './RoomHistory.tsx';
import { exportSelectedMessages } from '../api/history.ts';
import { MediaViewer } from './MediaViewer.tsx';
import styles from './Chat.module.scss';

export interface ChatViewProps {
  room: Room;
}

export function ChatView({ room }: ChatViewProps) {
  const { t, i18n } = useTranslation();
  const openRight = usePanelNav((nav) => nav.openRight);
  const queryClient = useQueryClient();
  const { ChatbotComposer, ChatbotNotice, saveToAlbum } = useChatSlots();
  const { state, loadOlder, loadNewer, send, resend, patch, remove } = useChatRoom(room.roomId);
  const members = useRoomMembers(room.roomId);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [forwarding, setForwarding] = useState<readonly string[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const [composing, setComposing] = useState<'poll' | 'sticker' | 'location' | 'contact' | 'drawing' | null>(null);
  const roles = useFunctionRoles();
  const canForward = IS_ALLOW_FORWARD && roomAllows(room, 'ALLOW_FORWARD_MSG', roles);
  const history = historyAllows(room, roles);
  const canExport = IS_ALLOW_EXPORT_MESSAGE && roomAllows(room, 'ALLOW_EXPORT_MSG', roles);
  const allows = useMemo(() => messagePolicyOf(room, roles), [room, roles]);
  const protection = protectionOf(room, roles);
  const blockCopy = (event: ClipboardEvent) => {
    event.preventDefault();
    showToast(t('messages.copyBlocked'));
  };
  const canSendContact = IS_ALLOW_MSG_TYPE_CONTACT && roomAllows(room, 'ALLOW_CONTACTS_MSG', roles);
  // A drawing is sent as a picture; the server cannot tell one from a photo (both encrypted), so the room's
  // ALLOW_DRAWING_MSG is kept here.
  const canDraw = IS_ALLOW_MSG_TYPE_IMAGE && roomAllows(room, 'ALLOW_DRAWING_MSG', roles);
  const title = roomTitle(room);
  usePresenceSignals(room.roomId);
  const onTyping = useTypingSignal(room.roomId);

  const [viewing, setViewing] = useState<string | null>(null);
  useEffect(() => {
    setReplyTo(null);
    setViewing(null);
    setSelected(null);
  }, [room.roomId]);


  const exportMessages = useCallback(
    async (messageIds: readonly string[]) => {
      try {
        const result = await exportSelectedMessages(room.roomId, messageIds, title, t);
        if (!result) return false; // nothing chosen, nothing saved
        if (!result.ok) showToast(errorMessage(result.errMsgList, i18n.language) ?? t('errors.actionFailed'));
        return result.ok;
      } catch {
        showToast(t('errors.downloadFailed'));
        return false;
      }
    },
    [i18n.language, room.roomId, t, title],
  );

  const onAction = useCallback(
    async (action: MessageAction, message: ChatMessage) => {
      const failed = () => showToast(t('errors.actionFailed'));
      switch (action) {
        case 'reply':
          // Builds with reply restricted (the lite builds) point to the full version instead.
          if (IS_SHOW_REPLY_RESTRICTED_NOTICE) await showNotice({ message: t('replyRestrictedNotice') });
          else setReplyTo(message);
          return;
        case 'forward':
          setForwarding([message.messageId]);
          return;
        case 'info':
          openRight(messageInfoPage, { message }, { replace: true });
          return;
        case 'resend':
          resend(message.messageId);
          return;
        case 'export':
          await exportMessages([message.messageId]);
          return;
        case 'album':
          // The server saves it in the background and tells when it is ready (the album's notification).
          await saveToAlbum(room.roomId, [message.messageId], t, i18n.language);
          return;
        case 'star':
        case 'unstar': {
          const starred = action === 'star';
          patch(message.messageId, { isStarredByYou: starred });
          if (!(await setStarred(room.roomId, message.messageId, starred))) {
            patch(message.messageId, { isStarredByYou: !starred });
            failed();
          }
          // An open starred list shows the change.
          void queryClient.invalidateQueries({ queryKey: ['messages', 'receiveStarredAesMessages'] });
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
          const recalled = await recall(room.roomId, message.messageId);
          if (recalled.ok) patch(message.messageId, { messageStatus: 'ALL_DELETED', text: undefined });
          else showToast(errorMessage(recalled.errMsgList, i18n.language) ?? t('errors.actionFailed'));
          return;
        }
      }
    },
    [exportMessages, i18n.language, openRight, patch, queryClient, remove, resend, room.roomId, saveToAlbum, t],
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

  const sendKind = (type: 'LOCATION' | 'CONTACT', text: string) => {
    void send({ type, text, replyToMessageId: replyTo?.messageId });
    setReplyTo(null);
  };
  const sendMedia = (type: 'VIDEO' | 'VOICE', file: File, fileMetadata: VideoMetadata) => {
    void send({ type, file, fileMetadata, replyToMessageId: replyTo?.messageId });
    setReplyTo(null);
  };

  const roomContext = useMemo<ChatRoomContextValue>(
    () => ({
      roomId: room.roomId,
      openMedia: (message) => setViewing(message.messageId),
      reply: (text, to) => void send({ type: 'TEXT', text, replyToMessageId: to.messageId }),
      patch,
    }),
    [patch, room.roomId, send],
  );
  const toggleSelected = useCallback(
    (messageId: string) =>
      setSelected((current) => {
        const next = new Set(current ?? []);
        if (next.has(messageId)) next.delete(messageId);
        else next.add(messageId);
        return next;
      }),
    [],
  );
  const mode = useMemo<MessageModeValue>(() => ({ selected, toggleSelected, canForward, canExport, allows }), [allows, canExport, canForward, selected, toggleSelected]);

  const deleteSelected = async () => {
    const ids = [...(selected ?? [])];
    const confirmed = await confirmAction({
      title: t('messages.deleteSelectedTitle'),
      message: t('messages.deleteSelectedMessage', { count: ids.length }),
      confirmLabel: t('messages.deleteSelected'),
      tone: 'danger',
    });
    if (!confirmed) return;
    if (await deleteForMe(room.roomId, ids)) {
      for (const id of ids) remove(id);
      setSelected(null);
    } else {
      showToast(t('errors.actionFailed'));
    }
  };

  const blocked = room.isMember === false ? t('errors.notParticipant') : room.isAllowedInput === false ? t('errors.roomPolicyNoSend') : null;

  return (
    <section className={styles.chat} aria-label={t('chat.regionLabel')}>
      <ChatHeader
        room={room}
        members={members}
        canSelect={(IS_ALLOW_MULTIPLE_SEND && canForward) || IS_ALLOW_MULTIPLE_DELETE || canExport}
        selecting={selected !== null}
        onToggleSelect={() => setSelected((current) => (current ? null : new Set()))}
        canOpenHistory={history.export || history.archive}
      />
      {IS_SHOW_CHATBOT_NOTICE && room.chatbotId ? <ChatbotNotice /> : null}
      <ChatRoomContext.Provider value={roomContext}>
      <MessageModeContext.Provider value={mode}>
      <div
        className={[styles.listArea, protection.copyAllowed ? '' : styles.copyBlocked].join(' ')}
        data-copy-blocked={protection.copyAllowed ? undefined : true}
        onCopy={protection.copyAllowed ? undefined : blockCopy}
        onCut={protection.copyAllowed ? undefined : blockCopy}
      >
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
          focus={state.focus}
        />
        {protection.messageWatermark ? <Watermark testId="message-watermark" /> : null}
      </div>
      {viewing ? <MediaViewer messages={state.messages} messageId={viewing} onNavigate={setViewing} onClose={() => setViewing(null)} watermark={protection.mediaWatermark} /> : null}
      </MessageModeContext.Provider>
      </ChatRoomContext.Provider>
      {selected ? (
        <div className={styles.selectBar} role="toolbar" aria-label={t('messages.select')}>
          <span className={styles.selectCount} data-testid="selected-count">{t('messages.selectedCount', { count: selected.size })}</span>
          {IS_ALLOW_MULTIPLE_SEND && canForward ? (
            <Button variant="secondary" icon={<Forward aria-hidden="true" />} disabled={selected.size === 0} onClick={() => setForwarding([...selected])}>
              {t('messages.forwardSelected')}
            </Button>
          ) : null}
          {canExport ? (
            <Button variant="secondary" icon={<FileOutput aria-hidden="true" />} disabled={selected.size === 0} onClick={() => void exportMessages([...selected]).then((done) => done && setSelected(null))}>
              {t('history.exportSelected')}
            </Button>
          ) : null}
          {IS_ALLOW_MULTIPLE_DELETE ? (
            <Button variant="danger" icon={<Trash2 aria-hidden="true" />} disabled={selected.size === 0} onClick={() => void deleteSelected()}>
              {t('messages.deleteSelected')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => setSelected(null)}>{t('messages.cancelSelect')}</Button>
        </div>
      ) : blocked ? (
        <p className={styles.blocked} role="note">{blocked}</p>
      ) : room.chatbotId ? (
        <ChatbotComposer chatbotId={room.chatbotId} />
      ) : (
        <Composer key={room.roomId} roomId={room.roomId} members={members} replyTo={replyTo} onTyping={IS_SHOW_TYPING_INDICATOR ? onTyping : undefined} onCancelReply={() => setReplyTo(null)} onSendText={sendText} onSendFile={(file, kind) => void sendFile(file, kind)}
          onSendVideo={(file, info) => sendMedia('VIDEO', file, info)}
          tools={
            <>
              {IS_ALLOW_STICKER && IS_ALLOW_MSG_TYPE_STICKER ? <IconButton data-flag="IS_ALLOW_STICKER" icon={Smile} label={t('messages.stickers')} onClick={() => setComposing('sticker')} /> : null}
              {IS_ALLOW_POLLING && IS_ALLOW_MSG_TYPE_POLLING ? <IconButton icon={BarChart3} label={t('messages.createPoll')} onClick={() => setComposing('poll')} /> : null}
              {IS_ALLOW_MSG_TYPE_LOCATION ? <IconButton icon={MapPin} label={t('messages.shareLocation')} onClick={() => setComposing('location')} /> : null}
              {canSendContact ? <IconButton icon={Contact} label={t('messages.shareContact')} onClick={() => setComposing('contact')} /> : null}
              {canDraw ? <IconButton icon={PenLine} label={t('messages.drawing.open')} onClick={() => setComposing('drawing')} /> : null}
              {IS_ALLOW_MSG_TYPE_VOICE ? <VoiceRecorder onRecorded={({ file, duration }) => sendMedia('VOICE', file, { mimeType: file.type, size: file.size, duration })} /> : null}
            </>
          }
        />
      )}
      {composing === 'poll' ? <CreatePollDialog roomId={room.roomId} onClose={() => setComposing(null)} /> : null}
      {composing === 'location' ? <LocationDialog onSend={(text) => sendKind('LOCATION', text)} onClose={() => setComposing(null)} /> : null}
      {composing === 'contact' ? <ContactDialog onSend={(text) => sendKind('CONTACT', text)} onClose={() => setComposing(null)} /> : null}
      {composing === 'drawing' ? <DrawingDialog onSend={(file) => void sendFile(file, 'image')} onClose={() => setComposing(null)} /> : null}
      {composing === 'sticker' ? <StickerPicker roomId={room.roomId} onClose={() => setComposing(null)} /> : null}
      {forwarding ? (
        <ForwardDialog
          fromRoomId={room.roomId}
          messageIds={forwarding}
          onClose={(done) => {
            setForwarding(null);
            if (done) setSelected(null);
          }}
        />
      ) : null}
    </section>
  );
}
