// Tenants: the organisations whose staff share this server (gettenants, tenantInfo).
import type { Queryable, Row } from '../db.ts';
import { onlyRow, textOrNull, toDate, toId } from './convert.ts';

export interface Tenant {
  id: number;
  shortName: string;
  fullname: string;
  fullnameDisplay: string | null;
  createdAt: Date;
}

export interface NewTenant {
  shortName: string;
  fullname: string;
  fullnameDisplay?: string | null;
}

function toTenant(r: Row): Tenant {
  return {
    id: toId(r.id),
    shortName: String(r.short_name),
    fullname: String(r.fullname),
    fullnameDisplay: textOrNull(r.fullname_display),
    createdAt: toDate(r.created_at),
  };
}

export function tenantsRepo(q: Queryable) {
  return {
    async create(input: NewTenant): Promise<Tenant> {
      const { rows } = await q.query(
        'INSERT INTO tenants (short_name, fullname, fullname_display) VALUES ($1, $2, $3) RETURNING *',
        [input.shortName, input.fullname, input.fullnameDisplay ?? null],
      );
      return toTenant(onlyRow(rows));
    },

    async findById(id: number): Promise<Tenant | null> {
      const { rows } = await q.query('SELECT * FROM tenants WHERE id = $1', [id]);
      return rows[0] ? toTenant(rows[0]) : null;
    },

    async findByShortName(shortName: string): Promise<Tenant | null> {
      const { rows } = await q.query('SELECT * FROM tenants WHERE short_name = $1', [shortName]);
      return rows[0] ? toTenant(rows[0]) : null;
    },

    async list(): Promise<Tenant[]> {
      const { rows } = await q.query('SELECT * FROM tenants ORDER BY id');
      return rows.map(toTenant);
    },
  };
}

export type TenantsRepo = ReturnType<typeof tenantsRepo>;
