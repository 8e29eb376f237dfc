// Broadcast delegates: accounts that may broadcast, what they may address, and who may broadcast for them.
import type { BroadcastSelectionType } from '../../../generated/types/index.ts';
import type { Queryable, Row } from '../db.ts';
import { toId, toIds } from './convert.ts';

export interface DelegateRow {
  accountId: number;
  selection: BroadcastSelectionType;
  userFullname: string;
  customDisplayName: string | null;
  /** Accounts that may broadcast for this delegate, by id. */
  actorAccountIds: number[];
}

const SELECT = `SELECT d.account_id, d.allowed_broadcast_selection_type, a.user_fullname, a.custom_display_name,
    COALESCE((SELECT array_agg(x.actor_account_id ORDER BY x.actor_account_id) FROM broadcast_delegate_actors x
               WHERE x.delegate_account_id = d.account_id), ARRAY[]::bigint[]) AS actors
  FROM broadcast_delegates d JOIN accounts a ON a.id = d.account_id`;

const toRow = (r: Row): DelegateRow => ({
  accountId: toId(r.account_id),
  // The column holds only the contract's values (written by `set`).
  selection: String(r.allowed_broadcast_selection_type) as BroadcastSelectionType,
  userFullname: String(r.user_fullname),
  customDisplayName: r.custom_display_name === null ? null : String(r.custom_display_name),
  actorAccountIds: toIds(r.actors),
});

export function delegateStore(q: Queryable) {
  return {
    /** The enabled delegate with this account id. */
    async find(accountId: number): Promise<DelegateRow | null> {
      const { rows } = await q.query(`${SELECT} WHERE d.account_id = $1 AND NOT a.disabled`, [accountId]);
      return rows[0] ? toRow(rows[0]) : null;
    },

    /** The enabled delegates this account is, or may act for. */
    async listFor(accountId: number): Promise<DelegateRow[]> {
      const { rows } = await q.query(
        `${SELECT} WHERE NOT a.disabled AND (d.account_id = $1 OR EXISTS (
           SELECT 1 FROM broadcast_delegate_actors x WHERE x.delegate_account_id = d.account_id AND x.actor_account_id = $1))`,
        [accountId],
      );
      return rows.map(toRow);
    },

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
