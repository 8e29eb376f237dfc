// Broadcast delegates: accounts that may broadcast, what they may address (allowedBroadcastSelectionType),
// and the accounts that may broadcast on their behalf. The broadcast calls read this through
// delegateOf / listDelegatesFor / mayActFor.
import type { ServerContext } from '../../context.ts';
import { delegateStore, type DelegateRow } from '../../store/repos/delegates.ts';
import type { GroupType } from '../../store/repos/group-lists.ts';
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

function toDelegate(r: DelegateRow): Delegate {
  return {
    accountId: r.accountId,
    delegateMemberId: String(r.accountId),
    delegateMemberDisplayName: displayNameOf(r),
    allowedBroadcastSelectionType: r.selection,
    actorAccountIds: r.actorAccountIds,
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
  const row = await delegateStore(ctx.db).find(id);
  return row ? toDelegate(row) : null;
}

/** Whether the account may broadcast as this delegate: it is the delegate, or one of its actors. */
export const mayActFor = (accountId: number, delegate: Delegate): boolean =>
  delegate.accountId === accountId || delegate.actorAccountIds.includes(accountId);

/** The delegates an account may broadcast for: itself first (when it is one), then by display name. */
export async function listDelegatesFor(ctx: Ctx, accountId: number): Promise<DelegateAccount[]> {
  const delegates = (await delegateStore(ctx.db).listFor(accountId)).map(toDelegate);
  delegates.sort((a, b) =>
    a.accountId === accountId ? -1 : b.accountId === accountId ? 1 : a.delegateMemberDisplayName.localeCompare(b.delegateMemberDisplayName),
  );
  return delegates.map(toDelegateAccount);
}

/** The group list types a delegate may address: ALL reaches everyone, so any group too. */
export function groupTypesAllowed(selection: BroadcastSelectionType): GroupType[] {
  return selection === 'ALL' ? ['DL', 'HKP_AK_GROUP'] : [selection];
}
