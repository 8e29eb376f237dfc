// State of the open room: the kept message window (25 per page, at most 200), pending sends, read marks and
// the realtime updates of this room.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { constants } from '@variant/constants';
import { showToast } from '../../ui/index.ts';
import { roomReadHere } from '../roomlist/index.ts';
import { chatServices, displayNameOf, useProfile } from '../session/index.ts';
import { fetchMessages, markRead, sendMessage, type ChatMessage, type OutgoingMessage } from './data.ts';
import { emptyWindow, mergeMessages, removeMessages, updateMessage, type MessageWindow } from './messageWindow.ts';

const MAX_KEPT = constants.pageSizes.messageListMaxKept;

export interface ChatRoomState {
  window: MessageWindow<ChatMessage>;
  firstUnreadMessageId: string | null;
  loaded: boolean;
  loadingOlder: boolean;
}

const initial: ChatRoomState = { window: emptyWindow, firstUnreadMessageId: null, loaded: false, loadingOlder: false };

export function useChatRoom(roomId: string) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<ChatRoomState>(initial);
  const stateRef = useRef(state);
  stateRef.current = state;
  const outgoing = useRef(new Map<string, OutgoingMessage>());
  const { data: profile } = useProfile();

  const apply = useCallback((update: (previous: ChatRoomState) => ChatRoomState) => {
    setState((previous) => {
      const next = update(previous);
      stateRef.current = next;
      return next;
    });
  }, []);

  // Received messages not yet read are marked read as soon as they are shown.
  const markShownRead = useCallback(
    (messages: readonly ChatMessage[]) => {
      const unread = messages.filter((m) => !m.isSendFromYou && !m.isReadByYou && !m.messageId.startsWith('local-')).map((m) => m.messageId);
      if (unread.length === 0) return;
      void markRead(roomId, unread).then(() => {
        apply((s) => ({ ...s, window: unread.reduce((w, id) => updateMessage(w, id, { isReadByYou: true }), s.window) }));
        void roomReadHere(chatServices().queryClient, roomId).catch(() => undefined);
      });
    },
    [apply, roomId],
  );

  const loadNewer = useCallback(async () => {
    let last = [...stateRef.current.window.messages].reverse().find((m) => !m.messageId.startsWith('local-'));
    try {
      for (let round = 0; round < 8; round++) {
        const page = await fetchMessages(roomId, last ? 'DOWN' : 'UP', last?.messageId);
        apply((s) => ({ ...s, window: mergeMessages(s.window, page.messages, 'newer', MAX_KEPT) }));
        markShownRead(page.messages);
        if (!last || !page.stillHaveData || page.messages.length === 0) break;
        last = page.messages[page.messages.length - 1];
      }
    } catch {
      // The next notification or reconnect tries again.
    }
  }, [apply, markShownRead, roomId]);

  const loadOlder = useCallback(async () => {
    const current = stateRef.current;
    if (current.loadingOlder || !current.window.hasOlder || !current.loaded) return;
    const oldest = current.window.messages.find((m) => !m.messageId.startsWith('local-'));
    apply((s) => ({ ...s, loadingOlder: true }));
    try {
      const page = await fetchMessages(roomId, 'UP', oldest?.messageId);
      apply((s) => ({ ...s, loadingOlder: false, window: mergeMessages(s.window, page.messages, 'older', MAX_KEPT, page.stillHaveData) }));
    } catch {
      apply((s) => ({ ...s, loadingOlder: false }));
      showToast(t('errors.actionFailed'));
    }
  }, [apply, roomId, t]);

  // First page, room topic subscription and this room's notifications.
  useEffect(() => {
    let cancelled = false;
    setState(initial);
    stateRef.current = initial;
    fetchMessages(roomId, 'UP')
      .then((page) => {
        if (cancelled) return;
        apply(() => ({
          loaded: true,
          loadingOlder: false,
          firstUnreadMessageId: page.firstUnreadMessageId ?? null,
          window: mergeMessages(emptyWindow as MessageWindow<ChatMessage>, page.messages, 'older', MAX_KEPT, page.stillHaveData),
        }));
        markShownRead(page.messages);
      })
      .catch(() => {
        if (cancelled) return;
        apply((s) => ({ ...s, loaded: true }));
        showToast(t('errors.actionFailed'));
      });
    const { realtime } = chatServices();
    realtime?.subscribeRoom(roomId);
    const offNotification = realtime?.on('notification', (notification) => {
      if (notification.roomId !== roomId) return;
      const messageId = notification.dataId;
      switch (notification.notifyType) {
        case 'NEW_MESSAGE':
          void loadNewer();
          return;
        case 'MESSAGE_ALL_RECEIVED':
          apply((s) => ({ ...s, window: updateMessage(s.window, messageId, { messageStatus: 'ALL_RECEIVED' }) }));
          return;
        case 'MESSAGE_ALL_READ':
          apply((s) => ({ ...s, window: updateMessage(s.window, messageId, { messageStatus: 'ALL_READ' }) }));
          return;
        case 'MESSAGE_DELETED':
          apply((s) => ({
            ...s,
            window: updateMessage(s.window, messageId, { messageStatus: 'ALL_DELETED', text: undefined, fileBytes: undefined }),
          }));
          return;
        case 'MESSAGE_DELETED_FOR_ME':
          apply((s) => ({ ...s, window: removeMessages(s.window, [messageId]) }));
          return;
        case 'MESSAGE_STARRED':
        case 'MESSAGE_UNSTARRED':
          apply((s) => ({ ...s, window: updateMessage(s.window, messageId, { isStarredByYou: notification.notifyType === 'MESSAGE_STARRED' }) }));
          return;
        default:
          return;
      }
    });
    const offResynced = realtime?.on('resynced', () => void loadNewer());
    return () => {
      cancelled = true;
      offNotification?.();
      offResynced?.();
      realtime?.unsubscribeRoom(roomId);
    };
  }, [apply, loadNewer, markShownRead, roomId, t]);

  const send = useCallback(
    async (message: Omit<OutgoingMessage, 'roomId'>, reuseLocalId?: string) => {
      const { accountId, loginName } = chatServices();
      const localId = reuseLocalId ?? `local-${crypto.randomUUID()}`;
      const full: OutgoingMessage = { ...message, roomId, langId: i18n.language as OutgoingMessage['langId'] };
      outgoing.current.set(localId, full);
      const local: ChatMessage = {
        roomId,
        messageId: localId,
        messageType: message.type,
        messageStatus: 'PENDING_SEND',
        messageCreateDate: Date.now(),
        messageUserId: accountId,
        messageUsername: displayNameOf(profile, loginName),
        isSendFromYou: true,
        text: message.text,
        aesMessageFilename: message.file?.name,
        aesMessageFilesize: message.file?.size,
        fileMetadata: message.fileMetadata,
        ...(message.file ? { fileBytes: new Uint8Array(await message.file.arrayBuffer()) } : {}),
      };
      apply((s) => ({ ...s, window: mergeMessages(s.window, [local], 'newer', MAX_KEPT) }));
      try {
        const sent = await sendMessage(full, localId, (fraction) =>
          apply((s) => ({ ...s, window: updateMessage(s.window, localId, { uploadProgress: fraction }) })),
        );
        outgoing.current.delete(localId);
        // The file bytes the user picked stay for display: the server copy is the same file.
        const shown: ChatMessage = local.fileBytes ? { ...sent, fileBytes: local.fileBytes } : sent;
        apply((s) => ({ ...s, window: mergeMessages(removeMessages(s.window, [localId]), [shown], 'newer', MAX_KEPT) }));
        return true;
      } catch {
        apply((s) => ({ ...s, window: updateMessage(s.window, localId, { messageStatus: 'SEND_FAILED' }) }));
        showToast(message.file ? t('errors.mediaUploadFail') : t('errors.sendFailed'));
        return false;
      }
    },
    [apply, i18n.language, profile, roomId, t],
  );

  const resend = useCallback(
    (localId: string) => {
      const message = outgoing.current.get(localId);
      if (!message) return;
      const { roomId: _roomId, ...rest } = message;
      void send(rest, localId);
    },
    [send],
  );

  const patch = useCallback(
    (messageId: string, change: Partial<ChatMessage>) => apply((s) => ({ ...s, window: updateMessage(s.window, messageId, change) })),
    [apply],
  );
  const remove = useCallback((messageId: string) => {
    outgoing.current.delete(messageId);
    apply((s) => ({ ...s, window: removeMessages(s.window, [messageId]) }));
  }, [apply]);

  return { state, loadOlder, loadNewer, send, resend, patch, remove };
}
