// Start-up order: the port opens first, calls answer 503 with Retry-After until the database is migrated and the
// demo data seeded, /readyz turns ready only then, and from that moment no seeded user's login can fail.
// Both servers start on the run's store (a copy of its prepared one, embedded or PostgreSQL): the steps of a start
// all run, each finding the store's part done, so the time goes to what is checked here, not to initdb and keys.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type ServerApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { DEMO_PEOPLE } from '../../server/seed/people.ts';
import { openDatabase } from '../../server/store/open.ts';
import { LoginError, signIn } from '../support/node-transport.ts';
import { prepareTestStore } from '../support/test-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Probe {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

async function probe(url: string, init?: RequestInit): Promise<Probe> {
  const response = await fetch(url, init);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
}

const postJson = (url: string, body: unknown) => probe(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const codeOf = (body: Record<string, unknown>) => (body.errMsgList as { errors: { code: string }[] }[] | undefined)?.[0]?.errors[0]?.code;

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/v3/ws`, 'v12.stomp');
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', (error) => reject(error));
  });
}

describe('start-up', () => {
  it('answers 503 with Retry-After until migrated and seeded, then every seeded user can log in', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-startup-'));
    const store = await prepareTestStore(dataDir, false);
    cleanups.push(async () => {
      await store.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    const config = readConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...store.env });

    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let listening: (url: string) => void = () => {};
    const listeningUrl = new Promise<string>((resolve) => (listening = resolve));
    const started = startServer(config, {
      log: () => undefined,
      onListening: listening,
      // The demo seed waits for the test, so the not-ready state can be observed for as long as needed.
      prepare: async (ctx) => {
        await gate;
        await seedDemoData(ctx.db);
      },
    });
    started.then((app) => cleanups.push(() => app.close())).catch(() => undefined);
    const url = await listeningUrl;

    const health = await probe(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');

    const notReady = await probe(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(Number(notReady.retryAfter)).toBeGreaterThan(0);

    const early = await postJson(`${url}/v3/chat/pub/authentication/getuserpubkey`, { loginName: 'alice' });
    expect(early.status).toBe(503);
    expect(Number(early.retryAfter)).toBeGreaterThan(0);
    expect(early.body.status).toBe('failed');
    expect(codeOf(early.body)).toBe('UI_IM_E1014');
    expect(await upgradeStatus(url)).toBe(503);

    // A client that keeps trying from the first moment meets only "starting" answers, never a login failure.
    const outcomes: string[] = [];
    const eager = (async () => {
      for (;;) {
        const key = await postJson(`${url}/v3/chat/pub/authentication/getuserpubkey`, { loginName: 'alice' });
        if (key.status === 503) {
          outcomes.push(`starting ${codeOf(key.body)} retry-after ${key.retryAfter}`);
          await new Promise((resolve) => setTimeout(resolve, 20)); // polling, as a client honouring Retry-After would
          continue;
        }
        try {
          await signIn(url, 'alice', DEMO_PASSWORD);
          outcomes.push('signed in');
        } catch (error) {
          outcomes.push(`login failed ${error instanceof LoginError ? String(error.errMsgList[0]?.errors[0]?.code) : String(error)}`);
        }
        return;
      }
    })();

    // Still seeding: not ready.
    openGate();
    expect((await probe(`${url}/readyz`)).status).toBe(503);
    const app: ServerApp = await started;
    const ready = await probe(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(await upgradeStatus(url)).toBe(101);

    await eager;
    expect(outcomes.at(-1)).toBe('signed in');
    expect(outcomes.length).toBeGreaterThan(1);
    expect(new Set(outcomes.slice(0, -1))).toEqual(new Set(['starting UI_IM_E1014 retry-after 2']));

    // Every seeded account logs in; the one that must change its password is sent to the password page.
    const failures: string[] = [];
    const device = await generateRsaKeyPair();
    for (const person of DEMO_PEOPLE) {
      try {
        await signIn(app.url, person.loginName, DEMO_PASSWORD, { device });
        if (person.mustChangePassword) failures.push(`${person.loginName}: signed in without changing the password`);
      } catch (error) {
        const code = error instanceof LoginError ? error.errMsgList[0]?.errors[0]?.code : String(error);
        if (!(person.mustChangePassword && code === 'UI_IM_E9912')) failures.push(`${person.loginName}: ${code}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('stops a failed start without leaving the port open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-startup-'));
    const store = await prepareTestStore(dataDir, false);
    const config = readConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...store.env });
    // The caller's database: the failed start must leave it to the caller, still open.
    const db = await openDatabase(config, () => undefined);
    cleanups.push(async () => {
      await db.close();
      await store.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    let url = '';
    const attempt = startServer(config, {
      db,
      log: () => undefined,
      onListening: (address) => (url = address),
      prepare: async () => {
        throw new Error('seed failed');
      },
    });
    await expect(attempt).rejects.toThrow('seed failed');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect((await db.query('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
  }, 60_000);
});
