/**
 * Column value conversions shared by the repositories. Drivers disagree on int8 (pglite: number or
 * bigint, node-postgres: string) and on bytea (Uint8Array or Buffer); the repositories return the
 * same plain types whichever driver is underneath.
 */

/** What an int8 column may come back as. */
export type Int8 = number | bigint | string;

export function toId(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'bigint' || typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer id: ${String(value)}`);
  return n;
}

export function toIdOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : toId(value);
}

export function toIds(value: unknown): number[] {
  return Array.isArray(value) ? value.map(toId) : [];
}

export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  throw new Error(`not a timestamp: ${String(value)}`);
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

export function toStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** jsonb: drivers parse it already; a driver that hands back text gets parsed here. */
export function toJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Parameters for a `bigint[]` placeholder: plain numbers (both drivers serialise JS arrays). */
export function idArray(ids: readonly number[]): number[] {
  return ids.map((id) => toId(id));
}

/** The single row a statement such as INSERT … RETURNING must produce. */
export function onlyRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('the statement returned no row');
  return row;
}

export function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
