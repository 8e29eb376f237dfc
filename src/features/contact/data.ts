// Finding an account by id or login name, and the single chat with it (opened if it exists, created if not: the
// server's createsingleroom answers the existing room).
import { getAccountList, getOtherAccountInfo } from '@generated/api/account';
import { createSelfRoom, createSingleRoom } from '@generated/api/rooms';
import type { Account, Room } from '@generated/types/index';
import { constants } from '@variant/constants';
import { upsertRoomInCache } from '../../domain/index.ts';
import { chatServices } from '../../core/session/services.ts';

export type AccountRef = { accountId: string } | { loginName: string };

const sameName = (a: string | undefined, b: string) => a !== undefined && a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The account, or null when there is none by that id or login name (or the server will not say). */
export async function findAccount(ref: AccountRef): Promise<Account | null> {
  const { transport } = chatServices();
  if ('accountId' in ref) {
    const result = await getOtherAccountInfo(transport, { accountIds: [ref.accountId] });
    return result.ok ? (result.data.accounts.find((account) => account.accountId === ref.accountId) ?? null) : null;
  }
  const result = await getAccountList(transport, {
    pageInfo: { pageNo: 1, pageSize: constants.pageSizes.accountList },
    filterOfName: ref.loginName,
    withSelfAccount: true,
  });
  return result.ok ? ((result.data.accounts as Account[]).find((account) => sameName(account.loginName, ref.loginName)) ?? null) : null;
}

/** The single chat with `accountId` (my own self chat for my own id), put into the room list; null on failure. */
export async function openSingleChat(accountId: string): Promise<Room | null> {
  const { transport, queryClient, accountId: me } = chatServices();
  const result = accountId === me ? await createSelfRoom(transport, {}) : await createSingleRoom(transport, { memberId: accountId });
  if (!result.ok) return null;
  const room = result.data as Room;
  upsertRoomInCache(queryClient, room);
  return room;
}
