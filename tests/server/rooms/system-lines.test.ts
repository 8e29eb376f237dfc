// Group changes as SYSTEM messages over the wire: each change is a line in the room's history, pushed live to
// every member, carrying what changed (systemEvent) and its English text; never unread, and the room's last message.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as T from '../../../generated/types/index.ts';
import { signIn, type SignedInClient } from '../../support/node-transport.ts';
import { ok, sendText } from '../messages/helpers.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';
import { subscribeReplyQueue, type ReceivedNotification, type ReplyQueue } from './realtime.ts';

let server: TestServer;
let amy: SignedInClient;
let ben: SignedInClient;
let cat: SignedInClient;
let benQueue: ReplyQueue;

beforeAll(async () => {
  server = await startTestServer();
  for (const [loginName, fullName] of [
    ['amy', 'Amy Lee'],
    ['ben', 'Ben Chan'],
    ['cat', 'Cat Wong'],
  ] as const) {
    await createTestAccount(server, { loginName, fullName });
  }
  [amy, ben, cat] = await Promise.all([
    signIn(server.url, 'amy', TEST_PASSWORD),
    signIn(server.url, 'ben', TEST_PASSWORD),
    signIn(server.url, 'cat', TEST_PASSWORD),
  ]);
  benQueue = await subscribeReplyQueue(server.url, ben.apiKey, server.app.ctx.config.mqSysName, ben.accountId);
});

afterAll(async () => {
  await benQueue?.close();
  await server?.close();
});


/** The first system line of this kind Ben heard in the room that no earlier call to heard took. */
const taken = new Set<ReceivedNotification>();
async function heard(roomId: string, code: T.SystemEventCode): Promise<T.Message> {
  const push: ReceivedNotification = await benQueue.next(
    (n) => !taken.has(n) && n.notifyType === 'NEW_MESSAGE' && n.roomId === roomId && (n.data as T.Message | undefined)?.systemEvent?.code === code,
  );
  taken.add(push);
  expect(push.senderId).toBe('SYSTEM');
  return push.data as unknown as T.Message;
}

describe('system lines', () => {
  let ward: string;

  it('report each group change live to the members, with who did it and to whom', async () => {
    ward = ok(await amy.api.createMultipleRoom({ roomName: 'Ward 7', memberIds: [ben.accountId] })).roomId;
    ok(await amy.api.addRoomMembers({ roomId: ward, accountIds: [cat.accountId] }));
    const added = await heard(ward, 'MEMBER_ADDED');
    expect(added).toMatchObject({ messageType: 'SYSTEM', message: 'Amy Lee added Cat Wong' });
    expect(added.messageKeyUuid).toBeUndefined();
    expect(added.systemEvent).toEqual({
      code: 'MEMBER_ADDED',
      actorId: amy.accountId,
      actorName: 'Amy Lee',
      targetIds: [cat.accountId],
      targetNames: ['Cat Wong'],
    });
    ok(await amy.api.addRoomAdmin({ roomId: ward, accountId: ben.accountId }));
    expect((await heard(ward, 'ADMIN_ADDED')).message).toBe('Amy Lee made Ben Chan an admin');
    ok(await amy.api.removeRoomAdmin({ roomId: ward, accountId: ben.accountId }));
    await heard(ward, 'ADMIN_REMOVED');
    ok(await amy.api.updateRoomName({ roomId: ward, roomName: 'Ward Seven' }));
    expect((await heard(ward, 'ROOM_RENAMED')).systemEvent?.roomName).toBe('Ward Seven');
    ok(await amy.api.updateRoomPolicy({ roomId: ward, policyAttr: [{ attr: 'ALLOW_STAR_MSG', value: 0 }] }));
    await heard(ward, 'POLICY_UPDATED');
    ok(await amy.api.updateSelfDestructSetting({ roomId: ward, enable: true, selfDestructTime: { value: 3, unit: 'day' } }));
    expect((await heard(ward, 'SELF_DESTRUCT_ON')).message).toBe('Amy Lee set messages to self-destruct after 3 days');
    ok(await amy.api.updateSelfDestructSetting({ roomId: ward, enable: false }));
    await heard(ward, 'SELF_DESTRUCT_OFF');
    ok(await amy.api.removeRoomMember({ roomId: ward, accountId: cat.accountId }));
    expect((await heard(ward, 'MEMBER_REMOVED')).systemEvent?.targetNames).toEqual(['Cat Wong']);
  });

  it('stay in the history in order, and are never unread', async () => {
    const history = ok(await ben.api.receiveAesMessages({ roomId: ward, batchSize: 30, upOrDown: 'UP' })).messages;
    expect(history.map((m) => m.systemEvent?.code)).toEqual([
      'MEMBER_ADDED',
      'ADMIN_ADDED',
      'ADMIN_REMOVED',
      'ROOM_RENAMED',
      'POLICY_UPDATED',
      'SELF_DESTRUCT_ON',
      'SELF_DESTRUCT_OFF',
      'MEMBER_REMOVED',
    ]);
    const rooms = async (client: SignedInClient) =>
      ok(await client.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 30 }, withTotalUnreadMsgCount: true })).rooms.find((r) => r.roomId === ward);
    expect(await rooms(ben)).toMatchObject({ noOfUnreadMessage: 0, messages: [{ systemEvent: { code: 'MEMBER_REMOVED' } }] });
  });

  it('do not self-destruct, and tell who left', async () => {
    ok(await amy.api.updateSelfDestructSetting({ roomId: ward, enable: true, selfDestructTime: { value: 1, unit: 'second' } }));
    ok(await amy.api.leaveRoom({ roomId: ward }));
    const left = await heard(ward, 'MEMBER_LEFT');
    expect(left.message).toBe('Amy Lee left');
    // Amy was the last admin: the server made Ben one, and says so without an actor.
    expect((await heard(ward, 'ADMIN_ADDED')).message).toBe('Ben Chan is now an admin');
    // A text sent now self-destructs after a second; once it is gone, the lines around it have had their chance to.
    const text = await sendText(ben, ward, 'gone in a second');
    const history = await vi.waitFor(
      async () => {
        const messages = ok(await ben.api.receiveAesMessages({ roomId: ward, batchSize: 30, upOrDown: 'UP' })).messages;
        expect(messages.map((m) => m.messageId)).not.toContain(text);
        return messages;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(history.slice(-3).map((m) => m.systemEvent?.code)).toEqual(['SELF_DESTRUCT_ON', 'MEMBER_LEFT', 'ADMIN_ADDED']);
  });

  it('are not written for one-to-one rooms', async () => {
    const pair = ok(await amy.api.createSingleRoom({ memberId: cat.accountId })).roomId;
    // Deleting a one-to-one room is leaving it: the other person is not told so in the conversation.
    ok(await cat.api.deleteRoom({ roomId: pair }));
    const history = ok(await amy.api.receiveAesMessages({ roomId: pair, batchSize: 30, upOrDown: 'UP' })).messages;
    expect(history.filter((m) => m.messageType === 'SYSTEM')).toEqual([]);
  });
});
