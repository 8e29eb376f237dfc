// Broadcast delegates: accounts that may broadcast, what they may address (allowedBroadcastSelectionType),
// and the accounts that may broadcast on their behalf. The broadcast calls read this through
// delegateOf / listDelegatesFor / mayActFor.
import type { ServerContext } from '../../context.ts';
import type { Queryable, Row } from '../../store/db.ts';
import { toId, toIds } from '../../store/repos/convert.ts';
import type { GroupType } from './group-lists.ts';
import { displayNameOf } from './wire.ts';
import type { BroadcastSelectionType } from '../../../generated/types/index.ts';

export type { BroadcastSelectionType };

export interface Delegate {
  accountId: number;
  /** The account id as the wire writes it. */
  delegateMemberId: string;
  delegateMemberDisplayName: string;
  allowedBroadcastSelectionType: BroadcastSelectionType;
  /** Accounts that may broadcast for this delegate (the delegate itself always may). */
  actorAccountIds: number[];
}

/** The DelegateAccount entity of the contract. */
export interface DelegateAccount {
  delegateMemberId: string;
  delegateMemberDisplayName: string;
  allowedBroadcastSelectionType: BroadcastSelectionType;
}

type Ctx = Pick<ServerContext, 'db'>;

const SELECT = `SELECT d.account_id, d.allowed_broadcast_selection_type, a.user_fullname, a.custom_display_name,
    COALESCE((SELECT array_agg(x.actor_account_id ORDER BY x.actor_account_id) FROM broadcast_delegate_actors x
               WHERE x.delegate_account_id = d.account_id), ARRAY[]::bigint[]) AS actors
  FROM broadcast_delegates d JOIN accounts a ON a.id = d.account_id`;

function toDelegate(r: Row): Delegate {
  const accountId = toId(r.account_id);
  return {
    accountId,
    delegateMemberId: String(accountId),
    delegateMemberDisplayName: displayNameOf({
      customDisplayName: r.custom_display_name === null ? null : String(r.custom_display_name),
      userFullname: String(r.user_fullname),
    }),
    allowedBroadcastSelectionType: String(r.allowed_broadcast_selection_type) as BroadcastSelectionType,
    actorAccountIds: toIds(r.actors),
  };
}

export const toDelegateAccount = (d: Delegate): DelegateAccount => ({
  delegateMemberId: d.delegateMemberId,
  delegateMemberDisplayName: d.delegateMemberDisplayName,
  allowedBroadcastSelectionType: d.allowedBroadcastSelectionType,
});

/** The delegate with this account id, or null when the account may not broadcast. */
export async function delegateOf(ctx: Ctx, delegateMemberId: string | number): Promise<Delegate | null> {
  const id = Number(delegateMemberId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await ctx.db.query(`${SELECT} WHERE d.account_id = $1 AND NOT a.disabled`, [id]);
  return rows[0] ? toDelegate(rows[0]) : null;
}

/** Whether the account may broadcast as this delegate: it is the delegate, or one of its actors. */
export const mayActFor = (accountId: number, delegate: Delegate): boolean =>
  delegate.accountId === accountId || delegate.actorAccountIds.includes(accountId);

/** The delegates an account may broadcast for: itself first (when it is one), then by display name. */
export async function listDelegatesFor(ctx: Ctx, accountId: number): Promise<DelegateAccount[]> {
  const { rows } = await ctx.db.query(
    `${SELECT} WHERE NOT a.disabled AND (d.account_id = $1 OR EXISTS (
       SELECT 1 FROM broadcast_delegate_actors x WHERE x.delegate_account_id = d.account_id AND x.actor_account_id = $1))`,
    [accountId],
  );
  const delegates = rows.map(toDelegate);
  delegates.sort((a, b) =>
    a.accountId === accountId ? -1 : b.accountId === accountId ? 1 : a.delegateMemberDisplayName.localeCompare(b.delegateMemberDisplayName),
  );
  return delegates.map(toDelegateAccount);
}

/** The group list types a delegate may address: ALL reaches everyone, so any group too. */
export function groupTypesAllowed(selection: BroadcastSelectionType): GroupType[] {
  return selection === 'ALL' ? ['DL', 'HKP_AK_GROUP'] : [selection];
}

/** Writes (seed, administration). */
export function delegateStore(q: Queryable) {
  return {
    async set(accountId: number, selection: BroadcastSelectionType): Promise<void> {
      await q.query(
        `INSERT INTO broadcast_delegates (account_id, allowed_broadcast_selection_type) VALUES ($1, $2)
         ON CONFLICT (account_id) DO UPDATE SET allowed_broadcast_selection_type = EXCLUDED.allowed_broadcast_selection_type`,
        [accountId, selection],
      );
    },
    async addActor(delegateAccountId: number, actorAccountId: number): Promise<void> {
      await q.query(
        `INSERT INTO broadcast_delegate_actors (delegate_account_id, actor_account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [delegateAccountId, actorAccountId],
      );
    },
  };
}
