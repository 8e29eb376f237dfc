// Bounded request fuzzing against a real server: every call receives bodies of the wrong shapes and values
// (seeded, so a failure reproduces). The server must answer each with a JSON envelope and never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../generated/api/endpoints.ts';
import { signIn, type SignedInClient } from '../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let user: SignedInClient;

beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'fuzzer' });
  user = await signIn(server.url, 'fuzzer', TEST_PASSWORD);
});
afterAll(() => server?.close());

/** mulberry32: a small seeded generator, so the same seed sends the same bodies. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELD_NAMES = ['roomId', 'messageIds', 'accountIds', 'loginName', 'pageInfo', 'batchSize', 'upOrDown', 'type', 'value', 'langId', 'token', 'key', 'body'];

function value(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * 10);
  switch (pick) {
    case 0: return null;
    case 1: return next() < 0.5;
    case 2: return Math.floor(next() * 2 ** 53) * (next() < 0.5 ? -1 : 1);
    case 3: return next() * 1e308;
    case 4: return 'x'.repeat(Math.floor(next() * 5000));
    case 5: return '\u0000\ud800<script>"\'';
    case 6: return depth > 2 ? [] : Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
    case 7: return depth > 2 ? {} : object(next, depth + 1);
    case 8: return String(Math.floor(next() * 1000));
    default: return '';
  }
}

function object(next: () => number, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const count = Math.floor(next() * 4);
  for (let i = 0; i < count; i++) out[FIELD_NAMES[Math.floor(next() * FIELD_NAMES.length)]!] = value(next, depth);
  return out;
}

describe('request fuzzing', () => {
  it('answers every call, whatever its body, with an envelope and never a server error', async () => {
    const next = random(20261122);
    const faults: string[] = [];
    for (const endpoint of Object.values(endpoints)) {
      for (let round = 0; round < 3; round++) {
        const body = round === 0 ? JSON.stringify(object(next, 0)) : JSON.stringify(value(next, 0));
        const response = await fetch(`${server.url}/v3${endpoint.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Api-Key': user.apiKey },
          body,
        });
        const text = await response.text();
        let envelope: unknown;
        try {
          envelope = JSON.parse(text);
        } catch {
          envelope = null;
        }
        const isEnvelope = typeof envelope === 'object' && envelope !== null && ('status' in envelope || 'key' in envelope);
        if (response.status >= 500 || !isEnvelope) faults.push(`${endpoint.path} ${response.status}: ${body.slice(0, 80)}`);
      }
    }
    expect(faults).toEqual([]);
    // The server is still serving after the barrage.
    expect((await user.api.getAccountProfile({})).ok).toBe(true);
  }, 180_000);
});
