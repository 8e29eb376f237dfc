// Copy chatroom's members (seed §5: 'Certain accounts cannot be added to a copied room'): a member who can no longer
// use the chat (disabled, or without the IM_USER role: not in verifyauthorizedaccount's answer) cannot join the copy,
// and one such account would make the server refuse the whole creation. They are shown but left out.
import type { Account } from '@generated/types/index';

export interface CopyMember {
  account: Account;
  /** The account may join the new group. */
  addable: boolean;
  /** Ticked: goes into the new group. */
  chosen: boolean;
}

/** Each member with whether it can join (unknown while the check is pending: then every one can) and is chosen. */
export function copyMembers(members: readonly Account[], authorised: ReadonlySet<string> | undefined, dropped: readonly string[]): CopyMember[] {
  return members.map((account) => {
    const addable = authorised === undefined || authorised.has(account.accountId);
    return { account, addable, chosen: addable && !dropped.includes(account.accountId) };
  });
}

/** The ids that go into the new group. */
export function chosenIds(members: readonly CopyMember[]): string[] {
  return members.filter((member) => member.chosen).map((member) => member.account.accountId);
}
