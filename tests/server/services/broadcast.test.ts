// Broadcast over the wire: a delegate with ALL rights broadcasts to member ids (a BROADCAST room is made
// and reused, recipients get NEW_MESSAGE and read the message with the common key, only admins speak),
// BROADCAST_MESSAGE on the broadcast topic, and a DL-only delegate held to distribution lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName as E } from '../../../generated/errors.ts';
import { broadcastTopic } from '../../../generated/realtime/index.ts';
import type { BroadcastPayload } from '../../../generated/types/index.ts';
import { delegateStore } from '../../../server/store/repos/delegates.ts';
import { distributionLists } from '../../../server/store/repos/distribution-lists.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { decryptText, encryptText, keyByUuid, listen, ok, person, replyQueueOf, type Person } from './helpers.ts';

let server: TestServer;
let chief: Person; // delegate with ALL
let secretary: Person; // acts for the chief
let dora: Person; // delegate with DL only
let bob: Person;
let carol: Person;
let erin: Person;

beforeAll(async () => {
  server = await startTestServer();
  chief = await person(server, 'chief', 'Dr Chief');
  secretary = await person(server, 'secretary', 'Sam Secretary');
  dora = await person(server, 'dora', 'Dora Lee');
  bob = await person(server, 'bob', 'Bob Chan');
  carol = await person(server, 'carol', 'Carol Ho');
  erin = await person(server, 'erin', 'Erin Ng');
  const delegates = delegateStore(server.app.ctx.db);
  await delegates.set(chief.id, 'ALL');
  await delegates.addActor(chief.id, secretary.id);
  await delegates.set(dora.id, 'DL');
  const lists = distributionLists(server.app.ctx.db);
  const list = await lists.create({ tenantId: null, cn: 'Ward 7 Nurses', distinguishedName: 'CN=Ward 7 Nurses,OU=Lists,DC=hospital' });
  await lists.addMembers(list.id, ['CAROL', 'erin', 'not-on-chat-yet']);
}, 120_000);
afterAll(() => server?.close());

async function textMessage(who: Person, text: string) {
  const key = ok(await who.api.getCommonAesKey({})).aesKey;
  const payload: Pick<BroadcastPayload, 'messages' | 'messageKeyUuid'> = {
    messages: [{ type: 'TEXT', aesMessage: encryptText(key, text) }],
    messageKeyUuid: key.messageKeyUuid,
  };
  return { key, payload };
}

describe('broadcastaesmessages', () => {
  it('creates a BROADCAST room for member ids; recipients are told and read it; only admins speak; the room is reused', async () => {
    const bobQueue = await listen(server, bob, replyQueueOf(server, bob));
    try {
      const { payload } = await textMessage(secretary, 'Fire drill at 15:00 on all floors');
      const sent = ok(await secretary.api.broadcastAesMessages({ delegateMemberId: chief.accountId, memberIds: [bob.accountId, carol.accountId], ...payload }));
      const roomId = sent.roomId;
      expect(sent.messages?.[0]).toMatchObject({ roomId, messageType: 'TEXT', isSendFromYou: true, totalReceiver: 3 });

      const notice = await bobQueue.next((n) => n.notifyType === 'NEW_MESSAGE' && n.roomId === roomId);
      expect(notice.dataId).toBe(sent.messages?.[0]?.messageId);
      const received = ok(await bob.api.receiveAesMessages({ roomId, batchSize: 5, upOrDown: 'UP' })).messages;
      expect(received).toHaveLength(1);
      const key = await keyByUuid(bob, received[0]!.messageKeyUuid!);
      expect(decryptText(key, received[0]!.message!)).toBe('Fire drill at 15:00 on all floors');

      const room = await server.app.ctx.repos.rooms.findById(Number(roomId));
      expect(room?.roomType).toBe('BROADCAST');
      expect(await server.app.ctx.repos.members.adminAccountIds(Number(roomId))).toEqual([chief.id, secretary.id].sort((a, b) => a - b));
      expect(await server.app.ctx.repos.members.activeAccountIds(Number(roomId))).toEqual([chief.id, secretary.id, bob.id, carol.id].sort((a, b) => a - b));

      const reply = await bob.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'c', aesMessage: encryptText(key, 'ok') });
      expect(errorCode(reply)).toBe(E.ROOM_POLICY_FORBIDS);

      // The same people again: the same room; its broadcast topic hears BROADCAST_MESSAGE.
      const topic = await listen(server, bob, broadcastTopic(roomId));
      try {
        const again = await textMessage(chief, 'Drill finished');
        const second = ok(await chief.api.broadcastAesMessages({ memberIds: [carol.accountId, bob.accountId], ...again.payload }));
        expect(second.roomId).toBe(roomId);
        const broadcast = await topic.next((n) => n.notifyType === 'BROADCAST_MESSAGE');
        expect(broadcast).toMatchObject({ roomId, dataId: second.messages?.[0]?.messageId, senderId: chief.accountId });
        expect(decryptText(again.key, String((broadcast.data as { message: string }).message))).toBe('Drill finished');
      } finally {
        await topic.close();
      }
    } finally {
      await bobQueue.close();
    }
  });

  it('holds a DL-only delegate to distribution lists', async () => {
    const { payload } = await textMessage(dora, 'Ward 7 meeting moved to room 3');
    const all = await dora.api.broadcastAesMessages({ isAllActiveMembers: true, ...payload });
    expect(errorCode(all)).toBe(E.FORBIDDEN);
    expect(errorCode(await dora.api.broadcastAesMessages({ memberIds: [bob.accountId], ...payload }))).toBe(E.FORBIDDEN);

    const sent = ok(await dora.api.broadcastAesMessages({ distinguishednames: ['CN=Ward 7 Nurses,OU=Lists,DC=hospital'], ...payload }));
    const members = await server.app.ctx.repos.members.activeAccountIds(Number(sent.roomId));
    expect(members).toEqual([carol.id, dora.id, erin.id].sort((a, b) => a - b));
  });

  it('refuses callers without rights, acting for others, and foreign keys; reports the access rights', async () => {
    const { payload } = await textMessage(bob, 'hello everyone');
    expect(errorCode(await bob.api.broadcastAesMessages({ memberIds: [carol.accountId], ...payload }))).toBe(E.FORBIDDEN);
    expect(errorCode(await dora.api.broadcastAesMessages({ delegateMemberId: chief.accountId, memberIds: [carol.accountId], ...payload }))).toBe(E.FORBIDDEN);
    expect(errorCode(await chief.api.broadcastAesMessages({ memberIds: ['999999'], ...payload }))).toBe(E.ACCOUNTS_UNABLE_TO_ADD);

    const roomKey = ok(await bob.api.getAesKeyByRoomId({ roomId: ok(await bob.api.createSelfRoom({})).roomId })).aesKey;
    const foreign: Pick<BroadcastPayload, 'messages' | 'messageKeyUuid'> = {
      messages: [{ type: 'TEXT', aesMessage: encryptText(roomKey, 'x') }],
      messageKeyUuid: roomKey.messageKeyUuid,
    };
    expect(errorCode(await chief.api.broadcastAesMessages({ memberIds: [carol.accountId], ...foreign }))).toBe(E.INVALID_INPUT);

    expect(ok(await chief.api.getBroadcastAccessRights({})).delegateAccounts).toEqual([
      { delegateMemberId: chief.accountId, delegateMemberDisplayName: 'Dr Chief', allowedBroadcastSelectionType: 'ALL' },
    ]);
    expect(ok(await secretary.api.getBroadcastAccessRights({})).delegateAccounts.map((d) => d.delegateMemberId)).toEqual([chief.accountId]);
    expect(ok(await bob.api.getBroadcastAccessRights({})).delegateAccounts).toEqual([]);
  });

  it('reaches all active members for a delegate with ALL rights', async () => {
    const { payload } = await textMessage(chief, 'System maintenance tonight');
    const sent = ok(await chief.api.broadcastAesMessages({ isAllActiveMembers: true, ...payload }));
    const members = await server.app.ctx.repos.members.activeAccountIds(Number(sent.roomId));
    expect(members).toEqual([chief, secretary, dora, bob, carol, erin].map((p) => p.id).sort((a, b) => a - b));
  });
});
