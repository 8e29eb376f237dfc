// Do-not-disturb over the wire: templates, save (DND_ENABLED on the account topic), read back, refusals
// (DND_FAIL), remove (DND_DISABLED), and isDndActive for the message pushes.
import { beforeAll, describe, expect, it } from 'vitest';
import { isDndActive } from '../../../server/services/directory/dnd.ts';
import { errorCode } from '../../support/node-transport.ts';
import type { TestServer } from '../../support/test-server.ts';
import { encryptText, roomKey } from '../../support/people.ts';
import type { NotificationOf } from '../../../generated/realtime/index.ts';
import { serverForFile } from '../../support/server-fixture.ts';
import { listen, ok, person, type Listener, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
let aliceTopic: Listener;
let bobTopic: Listener;

const fixture = serverForFile();

beforeAll(async () => {
  server = fixture.server;
  alice = await person(server, 'alice');
  bob = await person(server, 'bob');
  aliceTopic = fixture.closeAfter(await listen(server, alice, 'account'));
  bobTopic = fixture.closeAfter(await listen(server, bob, 'account'));
});

describe('do-not-disturb', () => {
  it('offers preset durations labelled in en_US, zh_CN and zh_TW, shortest first', async () => {
    const { dndTemplates } = ok(await alice.api.getDndTemplates({}));
    expect(dndTemplates.length).toBeGreaterThanOrEqual(5);
    expect(dndTemplates[0]).toEqual({ value: 30, label: { en_US: '30 minutes', zh_CN: '30 分钟', zh_TW: '30 分鐘' } });
    const minutes = dndTemplates.map((t) => t.value);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    for (const t of dndTemplates) expect(Object.keys(t.label).sort()).toEqual(['en_US', 'zh_CN', 'zh_TW']);
  });

  it('is off at first', async () => {
    expect(ok(await alice.api.getDnd({}))).toEqual({ dnd: false });
    expect(await isDndActive(server.app.ctx, alice.id, new Date())).toBe(false);
  });

  it('saves a setting, announces DND_ENABLED on the account topic, and reads it back', async () => {
    const end = Date.now() + 2 * 3600_000;
    ok(await alice.api.saveDnd({ dndEndDate: end, dnd: true, isMute: true }));

    const notice = await aliceTopic.next((n) => n.notifyType === 'DND_ENABLED');
    expect(notice).toMatchObject({ senderId: alice.accountId, dataId: alice.accountId, data: { dnd: true, dndEndDate: end, isMute: true } });
    expect(ok(await alice.api.getDnd({}))).toEqual({ dnd: true, dndEndDate: end, isMute: true });
    expect(await isDndActive(server.app.ctx, alice.id, new Date())).toBe(true);
    // It ends by itself at its end date.
    expect(await isDndActive(server.app.ctx, alice.id, new Date(end + 1))).toBe(false);
    // Bob's own setting is untouched and his topic heard nothing of Alice's.
    expect(ok(await bob.api.getDnd({}))).toEqual({ dnd: false });
    expect(bobTopic.messages).toEqual([]);
  });

  it("marks the new-message pushes of a member in Do Not Disturb silent, and only theirs", async () => {
    const carol = await person(server, 'carol');
    const room = ok(await bob.api.createMultipleRoom({ roomName: 'Night desk', memberIds: [alice.accountId, carol.accountId] })).roomId;
    const aliceQueue = await listen(server, alice, 'queue');
    const carolQueue = await listen(server, carol, 'queue');
    try {
      const key = await roomKey(bob, room);
      const sent = ok(
        await bob.api.sendAesMessage({ roomId: room, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'c1', aesMessage: encryptText(key, 'bed 4 needs review') }),
      );
      const isThis = (n: NotificationOf<'NEW_MESSAGE'>) => n.dataId === sent.message.messageId;
      expect(await aliceQueue.nextOf('NEW_MESSAGE', isThis)).toMatchObject({ silent: true, roomId: room });
      const loud = await carolQueue.nextOf('NEW_MESSAGE', isThis);
      expect(loud.silent).toBeUndefined();
    } finally {
      await Promise.all([aliceQueue.close(), carolQueue.close()]);
    }
  });

  it('refuses an end date in the past, beyond the date picker, or dnd false, with DND_FAIL', async () => {
    expect(errorCode(await bob.api.saveDnd({ dndEndDate: Date.now() - 1000, dnd: true }))).toBe('UI_IM_E3012');
    expect(errorCode(await bob.api.saveDnd({ dndEndDate: Date.UTC(2091, 0, 1), dnd: true }))).toBe('UI_IM_E3012');
    expect(errorCode(await bob.api.saveDnd({ dndEndDate: Date.now() + 3600_000, dnd: false }))).toBe('UI_IM_E3012');
    expect(ok(await bob.api.getDnd({}))).toEqual({ dnd: false });
    expect(bobTopic.messages).toEqual([]);
  });

  it('removes the setting and announces DND_DISABLED', async () => {
    ok(await alice.api.removeDnd({}));
    const notice = await aliceTopic.next((n) => n.notifyType === 'DND_DISABLED');
    expect(notice).toMatchObject({ senderId: alice.accountId, dataId: alice.accountId });
    expect(ok(await alice.api.getDnd({}))).toEqual({ dnd: false });
    expect(await isDndActive(server.app.ctx, alice.id, new Date())).toBe(false);
  });

  it('does not announce a removal when nothing was on', async () => {
    const before = bobTopic.messages.length;
    ok(await bob.api.removeDnd({}));
    ok(await bob.api.getDnd({}));
    expect(bobTopic.messages.length).toBe(before);
  });
});
