// Presence and typing in the open room, over the room topic (seed: the client sends online and offline signals;
// topic types TYPING / ONLINE / OFFLINE).
// - usePresenceSignals: ONLINE when the room opens and when the tab becomes visible (or the socket connects
//   again), OFFLINE when the room closes, the tab is hidden or the page is left.
// - useTypingSignal: TYPING at most every 3 s while the user types.
// - useRoomPresence: who else is typing (shown 5 s after their last TYPING) and who is online (the server's
//   checkAccountOnlineStatus, kept in TanStack Query and updated by ONLINE / OFFLINE).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { checkAccountOnlineStatusQuery, queryKeys } from '@generated/api/index';
import type { Account, CheckAccountOnlineStatusResponse, OnlineStatus } from '@generated/types/index';
import { chatServices } from '../../../core/session/services.ts';
import { noticePatches } from '../../../core/query/notice-patches.ts';
import { TYPING_SEND_INTERVAL_MS, TypingIndicator, applyPresence, createThrottle, replaceStatus } from '../model/presence.ts';

const sameName = (a: string | undefined, b: string) => a !== undefined && a.toLocaleLowerCase() === b.toLocaleLowerCase();

export function usePresenceSignals(roomId: string): void {
  useEffect(() => {
    const { realtime } = chatServices();
    if (!realtime) return;
    const visible = () => document.visibilityState === 'visible';
    const send = (type: 'ONLINE' | 'OFFLINE') => realtime.sendTopic(roomId, type);
    if (visible()) send('ONLINE');
    const onVisibility = () => send(visible() ? 'ONLINE' : 'OFFLINE');
    const onPageHide = () => send('OFFLINE');
    // Sent while the socket was down, ONLINE was lost: say it again once it is back.
    const offStatus = realtime.on('status', (status) => {
      if (status === 'connected' && visible()) send('ONLINE');
    });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      offStatus();
      send('OFFLINE');
    };
  }, [roomId]);
}

/** Call on every edit of the composer: sends TYPING to the room at most every 3 s. */
export function useTypingSignal(roomId: string): () => void {
  const allowed = useMemo(() => createThrottle(TYPING_SEND_INTERVAL_MS), [roomId]); // a new room starts afresh
  return useCallback(() => {
    if (allowed()) chatServices().realtime?.sendTopic(roomId, 'TYPING');
  }, [allowed, roomId]);
}

function presenceBody(members: readonly Account[], myAccountId: string): { accountIds: [string, ...string[]] } | null {
  const ids = members.map((member) => member.accountId).filter((id) => id !== myAccountId).sort();
  return ids.length > 0 ? { accountIds: ids as [string, ...string[]] } : null;
}

/**
 * Presence of the room's other members by account id (room header, member list), as each may be seen: a member who
 * changes who sees it is updated at once (USER_STATUS_CHANGE carries the status as this viewer may now see it).
 */
export function useOnlineStatuses(members: readonly Account[]): ReadonlyMap<string, OnlineStatus> {
  const queryClient = useQueryClient();
  const { transport, accountId } = chatServices();
  const body = useMemo(() => presenceBody(members, accountId), [members, accountId]);
  const query = useQuery({
    ...checkAccountOnlineStatusQuery(transport, body ?? { accountIds: [accountId] }),
    enabled: body !== null,
  });
  // Presence changed unseen while the socket was down is asked again once it is back by the core (resyncQueries).
  // A change heard while the statuses are being fetched is made again on that fetch's (older) answer.
  useEffect(() => {
    if (!body) return;
    const patches = noticePatches<CheckAccountOnlineStatusResponse>(queryClient, queryKeys.account.checkAccountOnlineStatus(body));
    const off = chatServices().realtime?.on('notification', (notification) => {
      if (notification.notifyType !== 'USER_STATUS_CHANGE') return;
      patches.patch((data) => replaceStatus(data, notification.data));
    });
    return () => {
      off?.();
      patches.dispose();
    };
  }, [queryClient, body]);
  return useMemo(() => new Map((query.data?.onlineStatuses ?? []).map((status) => [status.accountId, status])), [query.data]);
}

/** Names of the other members typing in the room now, and the live presence updates of its members. */
export function useRoomPresence(roomId: string, members: readonly Account[]): string[] {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<string[]>([]);

  useEffect(() => {
    const { realtime, loginName, accountId } = chatServices();
    if (!realtime) return;
    const indicator = new TypingIndicator(setTyping);
    const memberOf = (accountName: string) => members.find((member) => sameName(member.loginName, accountName));
    const body = presenceBody(members, accountId);
    const patches = body ? noticePatches<CheckAccountOnlineStatusResponse>(queryClient, queryKeys.account.checkAccountOnlineStatus(body)) : null;
    const offTopic = realtime.on('topic', (message) => {
      if (message.roomId !== roomId || sameName(loginName, message.accountName)) return;
      const member = memberOf(message.accountName);
      const key = message.accountName.toLocaleLowerCase();
      switch (message.type) {
        case 'TYPING':
          indicator.typing(key);
          return;
        case 'ONLINE':
        case 'OFFLINE':
          if (message.type === 'OFFLINE') indicator.stopped(key);
          if (member && patches) {
            const online = message.type === 'ONLINE';
            const at = Date.now();
            patches.patch((data) => applyPresence(data, member.accountId, online, at));
          }
          return;
        default:
          return;
      }
    });
    // Their message arrived: they stopped typing it.
    const offNotification = realtime.on('notification', (notification) => {
      if (notification.notifyType !== 'NEW_MESSAGE' || notification.roomId !== roomId) return;
      const sender = members.find((member) => member.accountId === notification.senderId);
      if (sender?.loginName) indicator.stopped(sender.loginName.toLocaleLowerCase());
    });
    return () => {
      offTopic();
      offNotification();
      patches?.dispose();
      indicator.dispose();
      setTyping([]);
    };
  }, [members, queryClient, roomId]);

  return useMemo(() => typing.map((accountName) => nameOf(members, accountName)), [members, typing]);
}

function nameOf(members: readonly Account[], accountName: string): string {
  const member = members.find((candidate) => sameName(candidate.loginName, accountName));
  return member?.userFullname || member?.loginName || accountName;
}
