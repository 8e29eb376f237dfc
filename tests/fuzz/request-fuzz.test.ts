// Bounded request fuzzing against a real server: every call receives bodies of the wrong shapes and values
// (seeded, so a failure reproduces). The server must answer each with a JSON envelope and never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../generated/api/endpoints.ts';
import { endpointsOf, loadSchemas } from '../contract/load-schemas.ts';
import type { ApiResult } from '../../generated/api/client.ts';
import { errorCodeByName } from '../../generated/errors.ts';
import { deviceProofHeaders, errorCode, signIn, type SignedInClient } from '../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';
import { SchemaSampler, seededRandom } from './schema-sample.ts';

let server: TestServer;
let user: SignedInClient;

beforeAll(async () => {
  server = await startTestServer();
  await createTestAccount(server, { loginName: 'fuzzer' });
  user = await signIn(server.url, 'fuzzer', TEST_PASSWORD);
});
afterAll(() => server?.close());

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
    const next = seededRandom(20261122);
    const faults: string[] = [];
    for (const endpoint of Object.values(endpoints)) {
      for (let round = 0; round < 3; round++) {
        const body = round === 0 ? JSON.stringify(object(next, 0)) : JSON.stringify(value(next, 0));
        const response = await fetch(`${server.url}/v3${endpoint.path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'Api-Key': user.apiKey,
            ...deviceProofHeaders(user.apiKey, { method: 'POST', path: `/v3${endpoint.path}`, body }),
          },
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

  it('answers well-shaped bodies whose ids and values point at nothing with a 4xx or a success, never a 5xx', async () => {
    const { docs } = loadSchemas();
    const sampler = new SchemaSampler(docs, seededRandom(7));
    const faults: string[] = [];
    // Calls that end the caller's session come last, so the rest run signed in.
    const endingSession = new Set(['logout', 'logoutOtherSession', 'remoteWipe']);
    const all = endpointsOf(docs).sort((a, b) => Number(endingSession.has(a.name)) - Number(endingSession.has(b.name)));
    for (const endpoint of all) {
      for (let round = 0; round < 2; round++) {
        const body = sampler.sample(endpoint.file, `/definitions/${endpoint.request}`);
        // Through the typed client, so encrypted paths travel in real envelopes.
        const call = (user.api as unknown as Record<string, (b: unknown) => Promise<ApiResult<unknown>>>)[endpoint.name];
        const result = await call!(body);
        // Without a provider, the provider-backed calls answer 'not configured' (503) by design.
        const notConfigured = !result.ok && errorCode(result) === errorCodeByName.PROVIDER_NOT_CONFIGURED;
        if (!result.ok && (result.httpStatus ?? 0) >= 500 && !notConfigured) {
          faults.push(`${endpoint.name} HTTP ${result.httpStatus}: ${JSON.stringify(body).slice(0, 120)}`);
        }
      }
    }
    expect(faults).toEqual([]);
  }, 240_000);
});
