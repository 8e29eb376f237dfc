// The room info page's server state: the room's detail (viewroom: created date, admins, members, self-destruct
// timer), its picture, and the room changes. Every change reloads the rooms group's reads, and the members'
// other clients follow from the room notifications the server sends.
import { useQuery } from '@tanstack/react-query';
import {
  addRoomAdmin,
  addRoomMembers,
  getRoomProfileImageQuery,
  removeRoomAdmin,
  removeRoomMember,
  removeRoomProfileImage,
  saveRoomProfileImage,
  updateRoomName,
  updateSelfDestructSetting,
  viewRoomQuery,
} from '@generated/api/rooms';
import { queryKeys, verifyAuthorizedAccount } from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { ApiResult, ErrMsgList } from '@generated/api/runtime';
import { nonEmpty } from '../../../core/index.ts';
import type { Account, RoomDetail, SelfDestructTime } from '@generated/types/index';
import { chatServices } from '../../../core/session/services.ts';

export function useRoomDetail(roomId: string) {
  return useQuery({ ...viewRoomQuery(chatServices().transport, { roomId }), select: (data) => data as RoomDetail });
}

/** Most accounts verifyauthorizedaccount answers in one page. */
const AUTHORISED_PAGE = 200;

/** Which of the accounts may still use the chat (verifyauthorizedaccount, every page); undefined while asking. */
export function useAuthorisedIds(accountIds: readonly string[]) {
  const ids = nonEmpty([...accountIds].sort());
  return useQuery({
    // Without ids nothing is asked (the key's placeholder is never fetched).
    queryKey: queryKeys.account.verifyAuthorizedAccount({ accountIds: ids ?? [''] }),
    enabled: ids !== null,
    queryFn: async ({ signal }) => {
      const authorised = new Set<string>();
      if (!ids) return authorised;
      for (let pageNo = 1; ; pageNo += 1) {
        const page = unwrap(
          'verifyAuthorizedAccount',
          await verifyAuthorizedAccount(chatServices().transport, { accountIds: ids, pageInfo: { pageNo, pageSize: AUTHORISED_PAGE } }, { signal }),
        );
        for (const account of page.accounts) authorised.add(account.accountId);
        if (!page.stillHaveData) return authorised;
      }
    },
  });
}

/** The room's picture (thumbnail) as a data URL, or null without one. */
export function useRoomImage(roomId: string) {
  return useQuery({
    ...getRoomProfileImageQuery(chatServices().transport, { roomIds: [roomId], isFull: false }),
    select: (data) => {
      const image = data.roomProfileImages.find((entry) => entry.roomId === roomId);
      const base64 = image?.img_tn ?? image?.img;
      return base64 ? `data:image/*;base64,${base64}` : null;
    },
  });
}

export type ChangeOutcome = { ok: true } | { ok: false; errMsgList: ErrMsgList };

async function change(call: Promise<ApiResult<unknown>>): Promise<ChangeOutcome> {
  const result = await call;
  if (!result.ok) return { ok: false, errMsgList: result.errMsgList };
  await chatServices().queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
  return { ok: true };
}

const t = () => chatServices().transport;

export const roomChanges = {
  rename: (roomId: string, roomName: string) => change(updateRoomName(t(), { roomId, roomName: roomName.trim() })),
  setImage: (roomId: string, imgData: string) => change(saveRoomProfileImage(t(), { roomId, imgData })),
  removeImage: (roomId: string) => change(removeRoomProfileImage(t(), { roomId })),
  addMembers: (roomId: string, accountIds: [string, ...string[]]) => change(addRoomMembers(t(), { roomId, accountIds })),
  removeMember: (roomId: string, accountId: string) => change(removeRoomMember(t(), { roomId, accountId })),
  setAdmin: (roomId: string, accountId: string, admin: boolean) => change((admin ? addRoomAdmin : removeRoomAdmin)(t(), { roomId, accountId })),
  selfDestruct: (roomId: string, enable: boolean, selfDestructTime?: SelfDestructTime) =>
    change(updateSelfDestructSetting(t(), { roomId, enable, ...(selfDestructTime ? { selfDestructTime } : {}) })),
};

/** The members in the detail, admins marked (the seed's room info member list). */
export function membersOf(detail: RoomDetail | undefined): (Account & { isAdmin: boolean })[] {
  const admins = new Set(detail?.roomAdminAccountIds ?? []);
  return (detail?.roomMemberAccountData ?? []).map((account) => ({ ...account, isAdmin: admins.has(account.accountId) }));
}
