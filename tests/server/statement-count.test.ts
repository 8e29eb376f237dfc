// Statements per call on the hot paths (issue 11): a send, a message page, a room list page. Each budget is
// what the call costs today; a change that adds a statement fails here, and a room list page costs the
// same whatever its length. Runs on either store (CHATGEN_TEST_STORE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomTopic } from '../../generated/realtime/index.ts';
import { countingDatabase, type CountingDatabase, type StatementTally } from '../../server/store/counting.ts';
import { listen } from '../support/people.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { encryptText, makeRoom, ok, person, roomKey, sendText, type Person } from './messages/helpers.ts';

// Measured before the reductions of issue 11: send 21 statements, a page of 10 messages 38, a room list page
// 9 + 1 per room (37 for 30 rooms). Since then enveloped calls record their replay nonce (one statement: send
// and message page), which brought the send to 22; the session and its account are one statement, the user key
// pair is read once per call, the key check is one statement and the send reuses what storing the message read
// (members, lastUpdateTime): 15. Then the send's own work became three statements: one 'send facts' read that
// takes the room's lock (membership, policies, key state, the sender's unread count), one statement storing the
// message with its receipts, reopening hidden rooms and touching the room, and one read of the members' accounts
// (names and Do Not Disturb): 6, the target. That read then joined the statement storing the message: 5.
const BUDGET = {
  send: { statements: 5, transactions: 1 },
  messagePage: { statements: 9, transactions: 0 },
  // 8, and 1 more when the page shows messages of other senders (their accounts), whatever its length or depth.
  roomListPage: { statements: 9, transactions: 0 },
  // A typing signal from a connection that subscribes to the room's topic: membership was proved at SUBSCRIBE.
  topicRelay: { statements: 0, transactions: 0 },
};

let server: TestServer;
let counter: CountingDatabase;
let alice: Person;
let bob: Person;
let roomId: string;

beforeAll(async () => {
  server = await startTestServer({}, undefined, {
    wrapDatabase: (db) => (counter = countingDatabase(db)),
  });
  alice = await person(server, 'alice', 'Alice Wong');
  bob = await person(server, 'bob', 'Bob Chan');
  roomId = await makeRoom(server, [alice, bob]);
  for (let i = 0; i < 12; i++) await sendText(alice, roomId, `warm-up ${i}`);
}, 120_000);
afterAll(() => server.close());

/**
 * Work on timers may run during a call and is not the call's: the 5-second housekeeping (server/services/
 * housekeeping.ts: expired messages, tokens and QR claims, due news, the embedded store's statistics), the archive worker's poll of the job queue, and a session's touch (at most once a minute; a
 * slow warm-up on a busy machine makes it land in a counted call).
 */
const HOUSEKEEPING = [
  /^DELETE FROM auth_tokens WHERE expires_at <= \$1$/,
  /^UPDATE messages SET .* WHERE expires_at <= \$1 AND status <> 'ALL_DELETED' RETURNING id, room_id$/s,
  /^DELETE FROM qr_login_claims WHERE claimed_at < \$1$/,
  /^UPDATE news SET announced_at = \$1 WHERE announced_at IS NULL AND start_date <= \$1 RETURNING/,
  // The embedded store's planner statistics (server/store/statistics.ts): a catalog read, an ANALYZE of grown tables.
  /^SELECT c\.relname FROM pg_class c JOIN pg_namespace n/,
  /^ANALYZE /,
  /^UPDATE jobs SET status = 'RUNNING'/,
  /^UPDATE sessions SET last_seen_at = \$2, expires_at = \$3 WHERE id = \$1 AND logged_out_at IS NULL$/,
];

async function counted<T>(call: () => Promise<T>): Promise<{ result: T; tally: StatementTally }> {
  counter.take();
  const result = await call();
  const all = counter.take();
  const sql = all.sql.filter((text) => !HOUSEKEEPING.some((pattern) => pattern.test(text.trim())));
  return { result, tally: { ...all, statements: all.statements - (all.sql.length - sql.length), sql } };
}

function within(tally: StatementTally, budget: { statements: number; transactions: number }, what: string): void {
  const detail = `${what}: ${tally.statements} statements, ${tally.transactions} transactions\n${tally.sql.map((s) => s.replace(/\s+/g, ' ').slice(0, 140)).join('\n')}`;
  console.log(detail);
  expect(tally.statements, detail).toBeLessThanOrEqual(budget.statements);
  expect(tally.transactions, detail).toBeLessThanOrEqual(budget.transactions);
}

describe('statements per call', () => {
  it('sendaesmessage (TEXT, the room key already current)', async () => {
    const key = await roomKey(alice, roomId);
    await sendText(alice, roomId, 'rotation settles', key);
    const { result, tally } = await counted(() =>
      alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'count-1', aesMessage: encryptText(key, 'counted') }),
    );
    ok(result);
    within(tally, BUDGET.send, 'send');
  });

  it('receiveaesmessages (a page of 10)', async () => {
    const { result, tally } = await counted(() => bob.api.receiveAesMessages({ roomId, batchSize: 10, upOrDown: 'UP' }));
    expect(ok(result).messages).toHaveLength(10);
    within(tally, BUDGET.messagePage, 'message page');
  });

  it('relays a topic frame without a query when the sending connection subscribes to the topic', async () => {
    const [aliceTopic, bobTopic] = [await listen(server, alice, roomTopic(roomId)), await listen(server, bob, roomTopic(roomId))];
    try {
      const { tally } = await counted(async () => {
        aliceTopic.publish(roomTopic(roomId), { roomId, accountName: 'alice', type: 'TYPING' });
        return bobTopic.next((f) => f.type === 'TYPING');
      });
      within(tally, BUDGET.topicRelay, 'topic relay');
    } finally {
      await Promise.all([aliceTopic.close(), bobTopic.close()]);
    }
  });

  it('getroomlist costs the same for a page of 2 rooms and a page of 30', async () => {
    // 30 groups of bob with a message each, made in the store (signing 30 people in would only cost time).
    const { repos: r } = server.app.ctx;
    const tenantId = (await r.accounts.findById(bob.id))!.tenantId;
    for (let i = 0; i < 30; i++) {
      const other = await r.accounts.create({ tenantId, loginName: `member${i}`, userFullname: `Member ${i}`, functionRoles: ['IM_USER'], passwordHash: null, mustChangePassword: false });
      const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: `Room ${i}`, createdBy: bob.id });
      await r.policies.applyDefaults(room.id, 'MULTIPLE');
      await r.members.add(room.id, [bob.id, other.id], { admin: false });
    }
    const small = await counted(() => bob.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 2 } }));
    expect(ok(small.result).rooms).toHaveLength(2);
    const large = await counted(() => bob.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 30 } }));
    expect(ok(large.result).rooms).toHaveLength(30);
    within(small.tally, BUDGET.roomListPage, 'room list page of 2');
    within(large.tally, BUDGET.roomListPage, 'room list page of 30');
    expect(large.tally.statements).toBe(small.tally.statements);
  });

  it('pages the room list by keyset: every room once, in order, each page as cheap as the first', async () => {
    const seen: string[] = [];
    const statements: number[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const { result, tally } = await counted(() => bob.api.getRoomList({ pageInfo: { pageNo, pageSize: 7 } }));
      const page = ok(result);
      statements.push(tally.statements);
      seen.push(...page.rooms.map((room) => room.roomId));
      if (!page.stillHaveData) break;
    }
    const all = ok(await bob.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 100 } })).rooms.map((room) => room.roomId);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all);
    // Whatever the page's depth: the same statements (one more only where the page shows other senders' messages).
    expect(Math.max(...statements), `statements per page: ${statements.join(', ')}`).toBeLessThanOrEqual(BUDGET.roomListPage.statements);
    expect(statements.at(-1), `statements per page: ${statements.join(', ')}`).toBeLessThanOrEqual(statements[0]! + 1);
  });
});
