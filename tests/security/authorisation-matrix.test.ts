// The authorisation matrix (issue 9): every secured call of the contract, read from schema/, made by people who
// must be refused — no api key, an expired key, a logged-out key, an outsider and a removed member naming
// another person's room, message, event, device or api key, and a member whose room policy forbids the call
// (the schema names that policy per call: `x-room-policy`). Each is refused with a 4xx and the right code,
// never a 5xx and never data, and afterwards the owner's room, message and session are as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../generated/api/client.ts';
import { errorCodeByName, type ErrorName } from '../../generated/errors.ts';
import type { RoomPolicyKey } from '../../generated/types/index.ts';
import { RoomPolicyKeyValues } from '../../generated/types/enums.ts';
import { endpointsOf, loadSchemas, type Endpoint } from '../contract/load-schemas.ts';
import { SchemaSampler, seededRandom } from '../fuzz/schema-sample.ts';
import { makeRoom, sendText, setPolicy } from '../server/messages/helpers.ts';
import { openResponseOrFailed } from '../../server/crypto/envelope.ts';
import { errorCode } from '../support/node-transport.ts';
import { ok, person, type Person } from '../support/people.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type Call = (body: unknown) => Promise<ApiResult<unknown>>;

const { docs } = loadSchemas();
const secured = endpointsOf(docs)
  .filter((endpoint) => endpoint.access === 'secured')
  .sort((a, b) => (a.name < b.name ? -1 : 1));
const sampler = new SchemaSampler(docs, seededRandom(20261125));
/** A body of the call's request schema (seeded, so every run sends the same). */
const sampleOf = (endpoint: Endpoint) => sampler.sample(endpoint.file, `/definitions/${endpoint.request}`) as Record<string, unknown>;

const code = (name: ErrorName) => errorCodeByName[name];
/** What a refusal of someone who may not touch a resource says: not a member, not found, not allowed. */
const NOT_YOURS = [code('NOT_ROOM_MEMBER'), code('NOT_FOUND'), code('MESSAGE_NOT_FOUND'), code('FORBIDDEN'), code('NOT_ROOM_ADMIN')];

let server: TestServer;
let owner: Person;
let member: Person;
let outsider: Person;
let removed: Person;
let roomId: string;
let messageId: string;
let eventId: string;
let ownerDeviceId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server, 'am_owner');
  member = await person(server, 'am_member');
  outsider = await person(server, 'am_outsider');
  removed = await person(server, 'am_removed');
  roomId = await makeRoom(server, [owner, member, removed], 'MULTIPLE', 'Ward 9');
  messageId = await sendText(owner, roomId, 'handover at 7');
  const event = ok(await owner.api.saveRoomEvent({ roomId, title: 'Rounds', content: 'Ward 9 rounds', startTs: Date.now() + 3_600_000, endTs: Date.now() + 7_200_000 }));
  eventId = event.eventId ?? event.id ?? '';
  ok(await owner.api.removeRoomMember({ roomId, accountId: removed.accountId }));
  ownerDeviceId = (await server.app.ctx.repos.sessions.listActive(owner.id))[0]!.deviceId;
});
afterAll(() => server?.close());

/** The owner's ids put where the body names a room, a message, an event, a device or an api key. */
function aimedAtOwner(body: Record<string, unknown>): { body: Record<string, unknown>; aimed: string[] } {
  const ids: Record<string, unknown> = {
    roomId,
    fromRoomId: roomId,
    roomIds: [roomId],
    messageId,
    messageIds: [messageId],
    eventId,
    deviceId: ownerDeviceId,
    apiKey: owner.apiKey,
  };
  const aimed = Object.keys(ids).filter((key) => key in body);
  return { body: { ...body, ...Object.fromEntries(aimed.map((key) => [key, ids[key]])) }, aimed };
}

function callAs(who: Person, name: string): Call {
  return (who.api as unknown as Record<string, Call>)[name]!.bind(who.api);
}

/** Batch lookups answer with what the caller may see and leave the rest out: an empty answer is a refusal. */
const LEAVES_OUT: Record<string, (data: unknown) => boolean> = {
  getRoomProfileImage: (data) => (data as { roomProfileImages: unknown[] }).roomProfileImages.length === 0,
};

/** A refusal in the seed's envelope: a 4xx, a code from `allowed`, no data. Otherwise a line saying what came. */
function refusalFault(name: string, label: string, result: ApiResult<unknown>, allowed: readonly string[]): string | null {
  if (result.ok) return LEAVES_OUT[name]?.(result.data) ? null : `${label}: answered with data`;
  const status = result.httpStatus ?? 0;
  const got = errorCode(result) ?? '';
  if (status < 400 || status >= 500 || !allowed.includes(got)) return `${label}: HTTP ${status} ${got}`;
  return null;
}

describe('the authorisation matrix of every secured call', () => {
  it('reads more than 140 secured calls and names a known room policy wherever it names one', () => {
    expect(secured.length).toBeGreaterThan(140);
    const policies = secured.flatMap((endpoint) => (endpoint['x-room-policy'] ? [endpoint['x-room-policy']] : []));
    expect(policies.length).toBeGreaterThan(25);
    expect(policies.filter((policy) => !(RoomPolicyKeyValues as readonly string[]).includes(policy))).toEqual([]);
  });

  it('refuses every secured call without an api key, with an expired or logged-out key, and with a live key but no device proof (401)', async () => {
    const expired = await person(server, 'am_expired');
    await server.app.ctx.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE account_id = $1", [expired.id]);
    const loggedOut = await person(server, 'am_logged_out');
    ok(await loggedOut.api.logout({}));
    // A live api key copied without the device key (docs/security.md "Device proof").
    const copied = await person(server, 'am_copied_key');
    const faults: string[] = [];
    for (const endpoint of secured) {
      const { body } = aimedAtOwner(sampleOf(endpoint));
      for (const [label, apiKey] of [
        ['no key', undefined],
        ['expired key', expired.apiKey],
        ['logged-out key', loggedOut.apiKey],
        ['live key, no device proof', copied.apiKey],
      ] as const) {
        const headers: Record<string, string> = { 'content-type': 'application/json', 'Device-Type': 'WEB' };
        if (apiKey) headers['Api-Key'] = apiKey;
        const response = await fetch(`${server.url}/v3${endpoint.path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        let json = (await response.json()) as { status?: string; key?: unknown; body?: unknown; errMsgList?: { errors?: { code?: string }[] }[] };
        // A live session's failures on response-encrypted paths are sealed to its device, like its answers.
        if (apiKey === copied.apiKey && typeof json.key === 'string' && typeof json.body === 'string') {
          json = openResponseOrFailed(json, copied.transport.session.device!.privateKeyPem, copied.transport.session.userPublicKeyPem!, 'GCM') as typeof json;
        }
        const got = json.errMsgList?.[0]?.errors?.[0]?.code;
        if (response.status !== 401 || json.status !== 'failed' || got !== code('SESSION_EXPIRED')) {
          faults.push(`${endpoint.name} (${label}): HTTP ${response.status} ${got ?? JSON.stringify(json).slice(0, 80)}`);
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it("refuses an outsider and a removed member every call naming the owner's room, message, event, device or key", async () => {
    const faults: string[] = [];
    let aimedCalls = 0;
    const shapeRefusals: string[] = [];
    for (const endpoint of secured) {
      const { body, aimed } = aimedAtOwner(sampleOf(endpoint));
      if (aimed.length === 0) continue;
      aimedCalls++;
      for (const [label, who] of [
        ['outsider', outsider],
        ['removed member', removed],
      ] as const) {
        const result = await callAs(who, endpoint.name)(body);
        if (!result.ok && errorCode(result) === code('INVALID_INPUT')) shapeRefusals.push(`${endpoint.name}/${label}`);
        // A body the schema refuses never reaches the owner's data either; the sampler's bodies are well-shaped,
        // so this is rare (values only a live resource would give, such as a poll's checksum).
        // A removed member leaving again hears the seed's 'You are already exited this room'.
        const allowed = [...NOT_YOURS, code('INVALID_INPUT'), ...(who === removed ? [code('ALREADY_LEFT_ROOM')] : [])];
        const fault = refusalFault(endpoint.name, `${endpoint.name} by the ${label} (${aimed.join(', ')})`, result, allowed);
        if (fault) faults.push(fault);
      }
    }
    expect(aimedCalls).toBeGreaterThan(60);
    // Almost every refusal is about whose resource it is, not the shape of the sampled body (that proves nothing).
    expect(shapeRefusals.length, shapeRefusals.join(', ')).toBeLessThan(aimedCalls * 2 * 0.1);
    expect(faults).toEqual([]);
  });

  it('refuses a member every call whose room policy forbids it (admins only, or switched off), with the seed text', async () => {
    const policies = ok(await owner.api.getRoomPolicy({ roomId })).policy ?? [];
    const kindOf = new Map(policies.map((entry) => [entry.attr as string, entry.type]));
    const gated = secured.filter((endpoint) => endpoint['x-room-policy']);
    for (const attr of new Set(gated.map((endpoint) => endpoint['x-room-policy'] as RoomPolicyKey))) {
      // MEMBER_ROLE 2: room admins only (the member is not one); a BOOLEAN 0: nobody.
      await setPolicy(server, roomId, attr, kindOf.get(attr) === 'BOOLEAN' ? '0' : '2');
    }
    const faults: string[] = [];
    const byPolicy: string[] = [];
    for (const endpoint of gated) {
      const { body } = aimedAtOwner(sampleOf(endpoint));
      const result = await callAs(member, endpoint.name)(body);
      if (!result.ok && errorCode(result) === code('ROOM_POLICY_FORBIDS')) byPolicy.push(endpoint.name);
      const fault = refusalFault(endpoint.name, `${endpoint.name} under ${endpoint['x-room-policy']}`, result, [code('ROOM_POLICY_FORBIDS'), code('INVALID_INPUT')]);
      if (fault) faults.push(fault);
      else if (!result.ok && errorCode(result) === code('ROOM_POLICY_FORBIDS')) {
        expect(JSON.stringify(result.errMsgList)).toContain('According to the room policy');
      }
    }
    expect(faults).toEqual([]);
    // Most are refused by the policy itself, not by the shape of the sampled body (which would prove nothing).
    expect(byPolicy.length, gated.map((e) => e.name).filter((n) => !byPolicy.includes(n)).join(', ')).toBeGreaterThan(gated.length * 0.85);
  });

  it("leaves the owner's session, room, members and message as they were", async () => {
    expect((await owner.api.checkSession({})).ok).toBe(true);
    const rooms = ok(await owner.api.getSimpleRoomList({})) as { rooms?: { roomId: string; roomName?: string }[] };
    expect(rooms.rooms?.find((room) => room.roomId === roomId)?.roomName).toBe('Ward 9');
    const members = ok(await owner.api.getRoomAccounts({ roomId })).accounts.map((account) => account.accountId);
    expect([...members].sort()).toEqual([owner.accountId, member.accountId].sort());
    const events = ok(await owner.api.getRoomEvents({ roomId }));
    expect(JSON.stringify(events)).toContain(eventId);
    const viewed = ok(await owner.api.viewAesMessage({ roomId, messageId }));
    expect(viewed.message.messageStatus).not.toBe('ALL_DELETED');
  });
});
