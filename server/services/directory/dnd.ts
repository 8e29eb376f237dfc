// Do-not-disturb: preset durations, the caller's setting, switching it on (DND_ENABLED) and off
// (DND_DISABLED) to the account's own sessions, and to the members of its rooms as a profile change (their lists of
// members in do-not-disturb). The setting lives on the account (accounts.dnd, dnd_end_date, dnd_is_mute).
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { profileChanged } from '../account/profile.ts';
import { repos, type Account } from '../../store/repos/index.ts';

export { dndTemplates, type DndTemplateOption } from '../../store/repos/dnd-templates.ts';

// A type alias (not an interface) so it fits the generated response types' index signature.
export type WireDnd = {
  dnd: boolean;
  dndEndDate?: number;
  isMute?: boolean;
};

/** The seed's date picker ends on 2090-12-31; a later end is refused like any other bad input. */
export const LATEST_DND_END = Date.UTC(2090, 11, 31, 23, 59, 59, 999);
/** What accounts.dnd holds while do-not-disturb is on (the contract's dnd is a flag). */
const DND_ON = 'ON';

/** On, and its end (if any) still ahead. */
export function dndActiveOn(account: Pick<Account, 'dnd'>, now: Date): boolean {
  if (account.dnd.dnd === null) return false;
  return account.dnd.dndEndDate === null || account.dnd.dndEndDate.getTime() > now.getTime();
}

/** For the message pushes: whether this account is in do-not-disturb at `now` (pushes go out silent). */
export async function isDndActive(ctx: Pick<ServerContext, 'repos'>, accountId: number, now: Date): Promise<boolean> {
  const account = await ctx.repos.accounts.findById(accountId);
  return account !== null && dndActiveOn(account, now);
}

export function wireDnd(account: Pick<Account, 'dnd'>, now: Date): WireDnd {
  if (!dndActiveOn(account, now)) return { dnd: false };
  return {
    dnd: true,
    ...(account.dnd.dndEndDate ? { dndEndDate: account.dnd.dndEndDate.getTime() } : {}),
    isMute: account.dnd.isMute,
  };
}

export async function getDnd(ctx: Pick<ServerContext, 'repos' | 'now'>, accountId: number): Promise<WireDnd> {
  const account = await ctx.repos.accounts.findById(accountId);
  if (!account) throw new ApiError('NOT_FOUND', 'account');
  return wireDnd(account, ctx.now());
}

/** savednd: on until dndEndDate (in the future, at most the picker's last day); DND_FAIL otherwise. */
export async function saveDnd(
  ctx: ServerContext,
  accountId: number,
  body: { dndEndDate: number; dnd: boolean; isMute?: boolean },
): Promise<void> {
  const now = ctx.now();
  if (!body.dnd) throw new ApiError('DND_FAIL', 'use removednd to switch do-not-disturb off');
  if (body.dndEndDate <= now.getTime()) throw new ApiError('DND_FAIL', 'dndEndDate must be in the future');
  if (body.dndEndDate > LATEST_DND_END) throw new ApiError('DND_FAIL', 'dndEndDate is beyond 2090-12-31');
  const account = await ctx.db.transaction((tx) =>
    repos(tx).accounts.setDnd(accountId, { dnd: DND_ON, dndEndDate: new Date(body.dndEndDate), isMute: body.isMute ?? false }),
  );
  if (!account) throw new ApiError('DND_FAIL', 'account');
  await ctx.notifier.toAccountTopics([accountId], {
    notifyType: 'DND_ENABLED',
    senderId: String(accountId),
    dataId: String(accountId),
    data: { ...wireDnd(account, now) },
  });
  await profileChanged(ctx, account);
}

/** removednd: off. DND_DISABLED goes out only when a setting was actually cleared. */
export async function removeDnd(ctx: ServerContext, accountId: number): Promise<void> {
  const cleared = await ctx.db.transaction(async (tx) => {
    const r = repos(tx);
    const before = await r.accounts.findById(accountId);
    if (!before) throw new ApiError('DND_FAIL', 'account');
    if (before.dnd.dnd === null) return null;
    return r.accounts.setDnd(accountId, null);
  });
  if (!cleared) return;
  await ctx.notifier.toAccountTopics([accountId], {
    notifyType: 'DND_DISABLED',
    senderId: String(accountId),
    dataId: String(accountId),
  });
  await profileChanged(ctx, cleared);
}
