// Group lists for broadcast selection (grouplist/searchgrouplist). Entries of type DL are the
// distribution lists (identifier = distinguished name); HKP_AK_GROUP entries are directory groups.
import type { Queryable } from '../db.ts';
import { toId } from './convert.ts';
import { searchTerm } from './distribution-lists.ts';
import type { GroupListType } from '../../../generated/types/index.ts';

/** The kind of one group; ALL is only a filter of the list calls. */
export type GroupType = Exclude<GroupListType, 'ALL'>;
export type { GroupListType };

export interface GroupListEntry {
  type: GroupType;
  displayName: string;
  identifier: string;
}

export const GROUP_LIST_LIMIT = 200;

// Directions come from this fixed map, never from the request text.
const DIRECTION = { asc: 'ASC', desc: 'DESC' } as const;

export function groupLists(q: Queryable) {
  return {
    /** Entries of the given types visible to the tenant, matching the term, sorted by display name. */
    async search(input: { tenantId: number; types: readonly GroupType[]; criteria: string; asc: boolean }): Promise<GroupListEntry[]> {
      if (input.types.length === 0) return [];
      const direction = DIRECTION[input.asc ? 'asc' : 'desc'];
      const { rows } = await q.query<{ type: GroupType; display_name: string; identifier: string }>(
        `SELECT type, display_name, identifier FROM (
           SELECT 'DL' AS type, cn AS display_name, distinguished_name AS identifier, tenant_id FROM distribution_lists
           UNION ALL
           SELECT group_type AS type, display_name, identifier, tenant_id FROM directory_groups
         ) AS entries
         WHERE type = ANY($1::text[])
           AND (tenant_id IS NULL OR tenant_id = $2)
           AND (position($3 in lower(display_name)) > 0 OR position($3 in lower(identifier)) > 0)
         ORDER BY lower(display_name) ${direction}, identifier ${direction}
         LIMIT $4`,
        [[...input.types], input.tenantId, searchTerm(input.criteria), GROUP_LIST_LIMIT],
      );
      return rows.map((r) => ({ type: r.type, displayName: r.display_name, identifier: r.identifier }));
    },

    /** Login names in a group list entry (for broadcast delivery); empty when the entry is unknown. */
    async memberLoginNames(type: GroupType, identifier: string): Promise<string[]> {
      const { rows } =
        type === 'DL'
          ? await q.query<{ name: string }>(
              `SELECT m.samaccountname AS name FROM distribution_list_members m
                 JOIN distribution_lists l ON l.id = m.list_id
                WHERE lower(l.distinguished_name) = lower($1) ORDER BY 1`,
              [identifier],
            )
          : await q.query<{ name: string }>(
              `SELECT m.login_name AS name FROM directory_group_members m
                 JOIN directory_groups g ON g.id = m.group_id
                WHERE g.group_type = $1 AND g.identifier = $2 ORDER BY 1`,
              [type, identifier],
            );
      return rows.map((r) => r.name);
    },

    /** Whether an entry of this type has this identifier (a DL's distinguished name ignores case). */
    async exists(type: GroupType, identifier: string): Promise<boolean> {
      const { rows } =
        type === 'DL'
          ? await q.query('SELECT 1 FROM distribution_lists WHERE lower(distinguished_name) = lower($1)', [identifier])
          : await q.query('SELECT 1 FROM directory_groups WHERE group_type = $1 AND identifier = $2', [type, identifier]);
      return rows.length > 0;
    },

    async createGroup(input: { tenantId: number | null; type: 'HKP_AK_GROUP'; displayName: string; identifier: string }): Promise<number> {
      const { rows } = await q.query<{ id: unknown }>(
        `INSERT INTO directory_groups (tenant_id, group_type, display_name, identifier) VALUES ($1, $2, $3, $4) RETURNING id`,
        [input.tenantId, input.type, input.displayName, input.identifier],
      );
      return toId(rows[0]?.id);
    },

    async addGroupMembers(groupId: number, loginNames: readonly string[]): Promise<void> {
      if (loginNames.length === 0) return;
      await q.query(
        `INSERT INTO directory_group_members (group_id, login_name)
         SELECT $1, name FROM unnest($2::text[]) AS name ON CONFLICT DO NOTHING`,
        [groupId, [...loginNames]],
      );
    },
  };
}
