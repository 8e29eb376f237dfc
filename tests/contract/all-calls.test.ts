// No call of the contract answers 'not implemented': every endpoint has a handler, and every call, made
// once through the generated typed client with a valid body by an authorised user against one real server
// (test mode, provider process, seeded content), succeeds and returns data of its response schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../generated/api/endpoints.ts';
import { allHandlers } from '../../server/routes/index.ts';
import { cases } from './all-calls/cases.ts';
import { contract, problemsOf } from './all-calls/check.ts';
import { createWorld, type World } from './all-calls/world.ts';

const names = Object.keys(endpoints).sort() as EndpointName[];

describe('the contract and the table of calls', () => {
  it('lists every endpoint of the contract once, and nothing else', () => {
    const listed = cases.map((c) => c.name);
    expect([...listed].sort()).toEqual(names);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...contract.keys()].sort()).toEqual(names);
  });

  it('refuses data that is not of the response schema, and a file call without a file', async () => {
    expect(await problemsOf('getAccountProfile', { ok: true, data: {} })).not.toEqual([]);
    expect(await problemsOf('getAesKeyByRoomId', { ok: true, data: { aesKey: 'not an object' } })).not.toEqual([]);
    expect(await problemsOf('downloadAesFile', { ok: true, data: {} })).not.toEqual([]);
    expect(await problemsOf('downloadAesFile', { ok: true, data: { blob: new Blob([]), filename: 'x.png' } })).toEqual(['the file is empty']);
  });
});

describe('every call with a valid body', () => {
  let world: World;

  beforeAll(async () => {
    world = await createWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('has a handler for every endpoint, so none can answer NOT_IMPLEMENTED', () => {
    const handlers = allHandlers(world.server.app.ctx);
    expect(names.filter((name) => typeof handlers[name] !== 'function')).toEqual([]);
  });

  for (const call of cases) {
    it(`${call.name} succeeds with data of its response schema`, async () => {
      const result = await call.run(world);
      expect(await problemsOf(call.name, result)).toEqual([]);
    });
  }

  it('ended only the sessions meant to end: the main session survives', async () => {
    expect((await world.main.checkSession({})).ok).toBe(true);
    const [loggedOut, wiped, caller] = world.bobSessions;
    expect((await loggedOut.api.checkSession({})).ok).toBe(false);
    expect((await wiped.api.checkSession({})).ok).toBe(false);
    expect((await caller.api.checkSession({})).ok).toBe(true);
  });
});
