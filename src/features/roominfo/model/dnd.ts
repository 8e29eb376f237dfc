// Whether an account is in Do Not Disturb at a moment: switched on, with no end or an end still ahead.
import type { Account } from '@generated/types/index';

export function inDndNow(account: Pick<Account, 'dnd' | 'dndEndDate'>, now: number): boolean {
  return account.dnd === true && (account.dndEndDate === undefined || account.dndEndDate > now);
}
