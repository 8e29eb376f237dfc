// Who sees what of an account (privacy ALL / FAVOURITE / NONE) and who hears about its changes.
import type { ServerContext } from '../../context.ts';
import type { Account, PrivacyVisibility } from '../../store/repos/accounts.ts';

type Ctx = Pick<ServerContext, 'repos'>;

/** Whether `viewerId` may see what `setting` guards on `owner`. */
export async function visibleTo(ctx: Ctx, owner: Account, viewerId: number, setting: PrivacyVisibility): Promise<boolean> {
  if (owner.id === viewerId || setting === 'ALL') return true;
  if (setting === 'NONE') return false;
  return ctx.repos.accounts.isFavouriteOf(owner.id, viewerId);
}

/** The accounts that see this one: its own sessions and the members of its rooms. */
export async function audienceOf(ctx: Ctx, accountId: number): Promise<number[]> {
  const audience = new Set<number>([accountId]);
  for (const roomId of await ctx.repos.members.activeRoomIdsOf(accountId)) {
    for (const id of await ctx.repos.members.activeAccountIds(roomId)) audience.add(id);
  }
  return [...audience];
}
