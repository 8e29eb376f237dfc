// LDAP-shaped distribution lists: search by name, list members (samaccountname = chat login name).
import type { Queryable, Row } from '../db.ts';
import { toId, toIdOrNull } from './convert.ts';

export interface DistributionList {
  id: number;
  tenantId: number | null;
  cn: string;
  distinguishedName: string;
}

/** At most this many lists answer one search (a directory search is bounded too). */
export const DL_SEARCH_LIMIT = 200;

const toList = (r: Row): DistributionList => ({
  id: toId(r.id),
  tenantId: toIdOrNull(r.tenant_id),
  cn: String(r.cn),
  distinguishedName: String(r.distinguished_name),
});

/** LDAP wildcards (`*`) mean "anything": `*ward*` and `ward` search the same. */
export const searchTerm = (criteria: string): string => criteria.replace(/\*/g, '').trim().toLowerCase();

export function distributionLists(q: Queryable) {
  return {
    /** Lists visible to the tenant whose cn or distinguished name contains the term, by cn. */
    async search(tenantId: number, criteria: string, limit = DL_SEARCH_LIMIT): Promise<DistributionList[]> {
      const { rows } = await q.query(
        `SELECT * FROM distribution_lists
          WHERE (tenant_id IS NULL OR tenant_id = $1)
            AND (position($2 in lower(cn)) > 0 OR position($2 in lower(distinguished_name)) > 0)
          ORDER BY lower(cn), id
          LIMIT $3`,
        [tenantId, searchTerm(criteria), limit],
      );
      return rows.map(toList);
    },

    /** The list named by its distinguished name or, failing that, its exact cn (case-insensitive). */
    async findByName(tenantId: number, name: string): Promise<DistributionList | null> {
      const { rows } = await q.query(
        `SELECT * FROM distribution_lists
          WHERE (tenant_id IS NULL OR tenant_id = $1)
            AND (lower(distinguished_name) = lower($2) OR lower(cn) = lower($2))
          ORDER BY (lower(distinguished_name) = lower($2)) DESC, id
          LIMIT 1`,
        [tenantId, name.trim()],
      );
      return rows[0] ? toList(rows[0]) : null;
    },

    async memberNames(listId: number): Promise<string[]> {
      const { rows } = await q.query<{ samaccountname: string }>(
        'SELECT samaccountname FROM distribution_list_members WHERE list_id = $1 ORDER BY lower(samaccountname)',
        [listId],
      );
      return rows.map((r) => r.samaccountname);
    },

    async create(input: { tenantId: number | null; cn: string; distinguishedName: string }): Promise<DistributionList> {
      const { rows } = await q.query(
        `INSERT INTO distribution_lists (tenant_id, cn, distinguished_name) VALUES ($1, $2, $3) RETURNING *`,
        [input.tenantId, input.cn, input.distinguishedName],
      );
      return toList(rows[0] as Row);
    },

    async addMembers(listId: number, samaccountnames: readonly string[]): Promise<void> {
      if (samaccountnames.length === 0) return;
      await q.query(
        `INSERT INTO distribution_list_members (list_id, samaccountname)
         SELECT $1, name FROM unnest($2::text[]) AS name ON CONFLICT DO NOTHING`,
        [listId, [...samaccountnames]],
      );
    },
  };
}
