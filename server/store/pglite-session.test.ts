// The session's one BEGIN rule (the engine's thread and the in-process store both rely on it): a BEGIN waits
// for the transaction's first statement and travels with it; a transaction that ran nothing costs no engine call.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { templateImage } from './embedded.ts';
import { pgliteSession, type PgliteSession } from './pglite-session.mjs';

let pg: PGlite;
/** One session per engine and mode: statement names belong to the engine's one PostgreSQL session. */
const sessions = new Map<boolean, PgliteSession>();
const sessionOf = (prepared: boolean) => sessions.get(prepared)!;

beforeAll(async () => {
  const image = await templateImage(null, { template: true });
  pg = await PGlite.create(image === undefined ? {} : { loadDataDir: new Blob([image]) });
  await pg.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
  for (const prepared of [true, false]) sessions.set(prepared, pgliteSession(pg, { prepared }));
});
afterAll(() => pg.close());

const engineCalls = () => {
  const protocol = vi.spyOn(pg, 'execProtocol');
  const exec = vi.spyOn(pg, 'exec');
  const query = vi.spyOn(pg, 'query');
  return {
    count: () => protocol.mock.calls.length + exec.mock.calls.length + query.mock.calls.length,
    restore: () => vi.restoreAllMocks(),
  };
};

describe.each([true, false])('pglite session, named statements %s', (prepared) => {
  it('opens the transaction with its first statement, and a rollback undoes that statement', async () => {
    const session = sessionOf(prepared);
    await session.exec('BEGIN');
    if (prepared) expect(pg.isInTransaction()).toBe(false);
    await session.query('INSERT INTO notes (body) VALUES ($1)', ['rolled back']);
    expect(pg.isInTransaction()).toBe(true);
    await session.exec('ROLLBACK');
    expect(pg.isInTransaction()).toBe(false);
    expect((await session.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE body = $1', ['rolled back'])).rows).toEqual([{ n: 0 }]);
  });

  it('commits what the transaction ran', async () => {
    const session = sessionOf(prepared);
    await session.exec('BEGIN');
    await session.query('INSERT INTO notes (body) VALUES ($1)', [`kept ${prepared}`]);
    await session.exec('COMMIT');
    expect(pg.isInTransaction()).toBe(false);
    expect((await session.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE body = $1', [`kept ${prepared}`])).rows).toEqual([{ n: 1 }]);
  });

  it('runs statements sent together one at a time, each with its own parameter types', async () => {
    // A transaction may send its reads at once (Promise.all); named for the first time together, one
    // statement took the other's parameter types ("malformed array literal").
    const session = sessionOf(prepared);
    await session.exec('BEGIN');
    const [byArray, byText] = await Promise.all([
      session.query<{ n: number }>(`SELECT count(*)::int AS n FROM notes WHERE id = ANY($1::int[]) AND ${prepared} IS NOT NULL`, [[1, 2]]),
      session.query<{ n: number }>(`SELECT count(*)::int AS n FROM notes WHERE body = $1 AND ${prepared} IS NOT NULL`, ['none']),
    ]);
    await session.exec('COMMIT');
    expect(byArray.rows).toHaveLength(1);
    expect(byText.rows).toEqual([{ n: 0 }]);
  });
});

describe('pglite session, named statements', () => {
  it('sends neither BEGIN nor COMMIT for a transaction that ran nothing', async () => {
    const session = sessionOf(true);
    const calls = engineCalls();
    try {
      await session.exec('BEGIN');
      await session.exec('COMMIT');
      await session.exec('BEGIN');
      await session.exec('ROLLBACK');
      expect(calls.count()).toBe(0);
    } finally {
      calls.restore();
    }
    expect(pg.isInTransaction()).toBe(false);
  });

  it('sends the BEGIN in the same engine call as a known statement', async () => {
    const session = sessionOf(true);
    await session.query('SELECT body FROM notes WHERE id = $1', [1]);
    const calls = engineCalls();
    try {
      await session.exec('BEGIN');
      await session.query('SELECT body FROM notes WHERE id = $1', [1]);
      expect(calls.count()).toBe(1);
      expect(pg.isInTransaction()).toBe(true);
    } finally {
      calls.restore();
      await session.exec('COMMIT');
    }
  });
});
