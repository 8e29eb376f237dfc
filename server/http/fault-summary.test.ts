import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/db.ts';
import { openTestDatabase } from '../store/testing.ts';
import { faultSummary } from './fault-summary.ts';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('faultSummary', () => {
  it('keeps the SQLSTATE of a database error and drops its SQL, parameters and message', async () => {
    const failure = await db.query('SELECT $1::bigint AS n', ['CANARY-9999999999999999999999']).catch((error: unknown) => error);
    const summary = faultSummary(failure);
    expect(summary).toMatch(/^database error SQLSTATE 22P02/);
    expect(summary).not.toContain('CANARY');
    expect(summary).not.toContain('SELECT');
  });

  it('keeps the kind and the place of other errors, never the message', () => {
    const summary = faultSummary(new TypeError('cannot read CANARY-password'));
    expect(summary).toMatch(/^TypeError\n\s+at /);
    expect(summary).not.toContain('CANARY');
    expect(faultSummary('CANARY text')).toBe('non-error value (string)');
  });
});
