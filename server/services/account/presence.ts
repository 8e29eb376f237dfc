// Presence (checkaccountonlinestatus) as a viewer may see it: viewPresence hides the online state and the last-seen
// time. A change of that setting reaches the account's audience at once (USER_STATUS_CHANGE, each viewer's own view),
// and a hidden account's ONLINE / OFFLINE signals are not relayed on its room topics.
import type { OnlineStatus } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { Account } from '../../store/repos/accounts.ts';
import { audienceOf, visibleTo } from './privacy.ts';

type Ctx = Pick<ServerContext, 'repos' | 'notifier' | 'now'>;

/** An account counts as online while one of its sessions was used this recently. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** The presence of `accounts` as `viewerId` may see it. */
export async function onlineStatuses(ctx: Ctx, viewerId: number, accounts: readonly Account[]): Promise<OnlineStatus[]> {
  const now = ctx.now();
  const lastSeen = await ctx.repos.sessions.lastSeenOfAccounts(accounts.map((a) => a.id), now);
  const statuses: OnlineStatus[] = [];
  for (const account of accounts) {
    const accountName = account.customDisplayName ?? account.userFullname;
    if (!(await visibleTo(ctx, account, viewerId, account.privacy.viewPresence))) {
      statuses.push({ accountId: String(account.id), online: false, accountName });
      continue;
    }
    const seen = lastSeen.get(account.id);
    const times = [seen?.getTime(), account.lastOnlineAt?.getTime()].filter((t): t is number => t !== undefined);
    const lastOnlineTime = times.length > 0 ? Math.max(...times) : undefined;
    statuses.push({
      accountId: String(account.id),
      online: !account.disabled && seen !== undefined && now.getTime() - seen.getTime() <= ONLINE_WINDOW_MS,
      accountName,
      ...(lastOnlineTime !== undefined ? { lastOnlineTime } : {}),
    });
  }
  return statuses;
}

/** Tells everyone who sees `account` its presence as they may now see it (after a viewPresence change). */
export async function presenceVisibilityChanged(ctx: Ctx, account: Account): Promise<void> {
  for (const viewerId of await audienceOf(ctx, account.id)) {
    if (viewerId === account.id) continue;
    const [status] = await onlineStatuses(ctx, viewerId, [account]);
    if (!status) continue;
    await ctx.notifier.toAccounts([viewerId], {
      notifyType: 'USER_STATUS_CHANGE',
      senderId: String(account.id),
      dataId: String(account.id),
      data: status,
    });
  }
}

/** Room topics reach every member: only an account whose presence everyone may see has its signals relayed. */
export async function relaysPresence(ctx: Pick<ServerContext, 'repos'>, accountId: number): Promise<boolean> {
  const account = await ctx.repos.accounts.findById(accountId);
  return account?.privacy.viewPresence === 'ALL';
}
