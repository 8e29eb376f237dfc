// Two server processes on one PostgreSQL and one RabbitMQ (issue 11, "Done when"): A connected to process 1
// sends, B connected to process 2 receives the frame and the message; removing B on process 1 ends B's room
// subscription on process 2; an archive job started on process 1, which is then killed, finishes on process 2.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyQueue, roomTopic } from '../../generated/realtime/index.ts';
import { testExchange, TEST_BROKER_URL } from '../../server/realtime/amqp-bus.testing.ts';
import type { Database } from '../../server/store/db.ts';
import { openPostgresDatabase } from '../../server/store/postgres.ts';
import { repos } from '../../server/store/repos/index.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/store/scratch.ts';
import { signIn } from '../support/node-transport.ts';
import { decryptText, ok, roomKey, type Person, type StompListener } from '../support/people.ts';
import { exited, killAllServerProcesses, startServerScript, type ServerProcess } from '../support/server-process.ts';
import { listen as listenOn } from '../support/stomp-listener.ts';
import { createAccountIn, TEST_PASSWORD } from '../support/test-server.ts';
import { AesKeyService } from '../../src/core/keys/aes-key-service.ts';
import { sendEncryptedMessage } from '../../src/core/messages/send.ts';
import { sendText } from '../server/messages/helpers.ts';

const SERVER = fileURLToPath(new URL('./cluster.server.ts', import.meta.url));

interface Frame {
  notifyType?: string;
  type?: string;
  dataId?: string;
  roomId?: string;
  data?: { messageChecksum?: string; archivedMessage?: { id: string } };
}

let scratch: ScratchDatabase;
let db: Database;
let one: ServerProcess;
let two: ServerProcess;
/** A signed in on process 1, B on process 2 (one session each; the session is in the shared store). */
let a: Person;
let b: Person;
const listeners: StompListener<Frame>[] = [];

async function listen(process_: ServerProcess, who: Person, destination: string): Promise<StompListener<Frame>> {
  const listener = await listenOn<Frame>(process_.url, who.apiKey, destination);
  listeners.push(listener);
  return listener;
}

/** The reply queues' prefix, given to both processes. */
const MQ_SYS_NAME = 'chatgen';
const queueOf = (who: Person) => replyQueue(MQ_SYS_NAME, who.accountId);

beforeAll(async () => {
  scratch = await createScratchDatabase();
  const env = { MQ_SYS_NAME, DATABASE_URL: scratch.url, BROKER_URL: TEST_BROKER_URL, BROKER_EXCHANGE: testExchange('cluster'), JOB_LEASE_MS: '1000' };
  // Process 1 migrates; process 2 starts on the migrated database. Process 1 holds a claimed archive job (test
  // mode only) so that it can be killed while the job is running.
  one = await startServerScript(SERVER, [], { ...env, CHATGEN_TEST_JOB_HOLD_MS: '600000' });
  // Process 2 looks for orphaned jobs every 5 s (half its own lease), so it rarely races process 1 to a new job.
  two = await startServerScript(SERVER, [], { ...env, JOB_LEASE_MS: '10000' });
  db = await openPostgresDatabase(scratch.url);
  const r = repos(db);
  const tenant = await r.tenants.create({ fullname: 'Cluster', shortName: 'CL' });
  const accountA = await createAccountIn(r, { loginName: 'cl_a', tenantId: tenant.id });
  const accountB = await createAccountIn(r, { loginName: 'cl_b', tenantId: tenant.id });
  a = { ...(await signIn(one.url, 'cl_a', TEST_PASSWORD)), id: accountA.id, loginName: 'cl_a' };
  b = { ...(await signIn(two.url, 'cl_b', TEST_PASSWORD)), id: accountB.id, loginName: 'cl_b' };
}, 120_000);

afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()));
  killAllServerProcesses();
  await Promise.all([one, two].filter(Boolean).map((p) => exited(p.child)));
  await db?.close();
  await scratch?.drop();
});

describe('two server processes on PostgreSQL and RabbitMQ', () => {
  let roomId = '';

  it('A on process 1 sends; B on process 2 receives the frame and the message', async () => {
    roomId = ok(await a.api.createMultipleRoom({ roomName: 'Across processes', memberIds: [b.accountId] })).roomId;
    const bQueue = await listen(two, b, queueOf(b));
    const bTopic = await listen(two, b, roomTopic(roomId));
    const key = await roomKey(a, roomId);
    const messageId = await sendText(a, roomId, 'from process 1');

    const frame = await bQueue.next((f) => f.notifyType === 'NEW_MESSAGE' && f.dataId === messageId, 10_000);
    expect(frame.roomId).toBe(roomId);
    await bTopic.next((f) => f.notifyType === 'NEW_MESSAGE' && f.dataId === messageId, 10_000);
    const page = ok(await b.api.receiveAesMessages({ roomId, batchSize: 10, upOrDown: 'UP' }));
    const received = page.messages.find((m) => m.messageId === messageId);
    expect(received && decryptText(key, received.message ?? '')).toBe('from process 1');
  });

  it('removing B on process 1 ends her room subscription on process 2', async () => {
    const bTopic = await listen(two, b, roomTopic(roomId));
    const bQueue = await listen(two, b, queueOf(b));
    // A witness on process 2 that stays a member: the positive signal that room frames still flow there.
    const c = await createAccountIn(repos(db), { loginName: 'cl_c' });
    const witness: Person = { ...(await signIn(two.url, 'cl_c', TEST_PASSWORD)), id: c.id, loginName: 'cl_c' };
    ok(await a.api.addRoomMembers({ roomId, accountIds: [witness.accountId] }));
    const witnessTopic = await listen(two, witness, roomTopic(roomId));

    ok(await a.api.removeRoomMember({ roomId, accountId: b.accountId }));
    await bQueue.next((f) => f.notifyType === 'ROOM_MEMBER_DELETE', 10_000);
    // The client's send path: the first send after a membership change meets the retired key and resends.
    const sent = ok(await sendEncryptedMessage(a.api, new AesKeyService(a.api, 1), { roomId, type: 'TEXT', checksum: 'after' }, { text: 'after the removal' }));
    const after = sent.message.messageId;
    const typing = await listen(one, a, roomTopic(roomId));
    typing.publish(roomTopic(roomId), { roomId, accountName: 'cl_a', type: 'TYPING' });
    await witnessTopic.next((f) => f.type === 'TYPING', 10_000);
    await witnessTopic.next((f) => f.dataId === after, 10_000);

    expect(bTopic.messages.filter((f) => f.type === 'TYPING' || f.dataId === after)).toEqual([]);
    expect(bQueue.messages.filter((f) => f.dataId === after)).toEqual([]);
  });

  it('an archive job started on process 1 and killed there finishes on process 2', async () => {
    // A also signs in on process 2, which outlives process 1.
    const aOnTwo: Person = { ...(await signIn(two.url, 'cl_a', TEST_PASSWORD)), id: a.id, loginName: 'cl_a' };
    const aQueueOnTwo = await listen(two, aOnTwo, queueOf(a));
    ok(await a.api.archiveAllAesMessages({ roomId, withEmail: false, withStarredMessage: true }));
    const [job] = (await db.query("SELECT id FROM jobs WHERE account_id = $1 AND kind = 'ARCHIVE' ORDER BY id DESC LIMIT 1", [a.id])).rows;
    const jobId = Number(job?.id);
    const owner = async () => (await db.query('SELECT status, lease_owner FROM jobs WHERE id = $1', [jobId])).rows[0];
    // Process 1 claimed it (its lease names its pid) and holds it.
    await expect.poll(async () => (await owner())?.lease_owner, { timeout: 10_000 }).toMatch(new RegExp(`:${one.child.pid}:`));
    expect((await owner())?.status).toBe('RUNNING');

    await exited(one.child, true);

    const note = await aQueueOnTwo.next((f) => f.notifyType === 'MESSAGE_ARCHIVED' && f.dataId === String(jobId), 20_000);
    expect(note.data?.archivedMessage?.id).toBe(String(jobId));
    expect(await owner()).toMatchObject({ status: 'COMPLETED', lease_owner: null });
    const archived = ok(await aOnTwo.api.getCompletedArchivedMessages({})).archivedMessages;
    expect(archived.map((x) => x.id)).toEqual([String(jobId)]);
  });
});
