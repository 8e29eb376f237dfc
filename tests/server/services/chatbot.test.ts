// The built-in chatbot over the wire: start → menu card (an MC message in the caller's chatbot room),
// an MC answer → the next card, then an answer; free text → the keyword table's answer; keys → originals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../generated/types/index.ts';
import { errorCodeByName as E } from '../../../generated/errors.ts';
import { seedChatbotData } from '../../../server/seed/chatbot.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { decryptText, keyByUuid, listen, ok, person, replyQueueOf, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'alice', 'Alice Wong');
  bob = await person(server, 'bob', 'Bob Chan');
}, 120_000);
afterAll(() => server?.close());

interface Card {
  chatbotId: string;
  title: string;
  options: { label: string; value: string }[];
}

async function plain(who: Person, message: Message): Promise<string> {
  return decryptText(await keyByUuid(who, message.messageKeyUuid!), message.message!);
}

async function card(who: Person, message: Message | undefined): Promise<Card> {
  expect(message?.messageType).toBe('MC');
  return JSON.parse(await plain(who, message!)) as Card;
}

describe('chatbot', () => {
  it('seeds its tables once', async () => {
    const db = server.app.ctx.db;
    await seedChatbotData(db);
    expect(await seedChatbotData(db)).toBe(false);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM chatbot_keywords');
    expect(Number(rows[0]?.n)).toBeGreaterThan(10);
  });

  it('startroom posts the menu card into the caller chatbot room, which shows in the room list', async () => {
    const queue = await listen(server, alice, replyQueueOf(server, alice));
    try {
      const started = ok(await alice.api.chatbotStartRoom({ chatbotId: 'assistant', langId: 'en_US' }));
      expect(started.messages).toHaveLength(1);
      const menu = await card(alice, started.messages[0]);
      expect(menu.title).toBe('Hello! How can I help you today?');
      expect(menu.options.map((o) => o.value)).toEqual(['main.it', 'main.hr', 'main.canteen']);
      expect(started.messages[0]).toMatchObject({ isSendFromYou: false, isReadByYou: false });
      const roomId = started.messages[0]!.roomId;
      await queue.next((n) => n.notifyType === 'NEW_MESSAGE' && n.dataId === started.messages[0]!.messageId);

      const rooms = ok(await alice.api.getRoomList({ pageInfo: { pageNo: 1, pageSize: 30 } })) as { rooms: { roomId: string }[] };
      expect(rooms.rooms.map((r) => r.roomId)).toContain(roomId);
      const history = ok(await alice.api.receiveAesMessages({ roomId, batchSize: 10, upOrDown: 'UP' })).messages;
      expect(history.map((m) => m.messageId)).toContain(started.messages[0]!.messageId);
    } finally {
      await queue.close();
    }
  });

  it('an MC answer leads to the next card, then to an answer; the choice is kept as the caller message', async () => {
    const itMenu = ok(await alice.api.chatbotSendMcMessageAnswer({ chatbotId: 'assistant', langId: 'en_US', value: 'main.it' }));
    const itCard = await card(alice, itMenu.messages[0]);
    expect(itCard.title).toBe('IT support: what do you need?');
    expect(itCard.options.map((o) => o.label)).toContain('Reset my password');

    const answer = ok(await alice.api.chatbotSendMcMessageAnswer({ chatbotId: 'assistant', langId: 'en_US', value: 'it.password' }));
    expect(answer.messages[0]?.messageType).toBe('TEXT');
    expect(await plain(alice, answer.messages[0]!)).toContain('Settings > Change Password');

    const roomId = answer.messages[0]!.roomId;
    const history = ok(await alice.api.receiveAesMessages({ roomId, batchSize: 4, upOrDown: 'UP' })).messages;
    const mine = history.filter((m) => m.isSendFromYou);
    expect(await Promise.all(mine.map((m) => plain(alice, m)))).toEqual(['IT support', 'Reset my password']);
    expect(errorCode(await alice.api.chatbotSendMcMessageAnswer({ chatbotId: 'assistant', langId: 'en_US', value: 'no.such' }))).toBe(E.INVALID_INPUT);
  });

  it('free text is answered from the keyword table, in the caller language, with a fallback', async () => {
    const payslip = ok(await alice.api.chatbotSendMessage({ chatbotId: 'assistant', langId: 'en_US', message: 'When is my PAYSLIP out?' }));
    expect(await plain(alice, payslip.messages[0]!)).toContain('25th of each month');

    const leave = ok(await alice.api.chatbotSendMessage({ chatbotId: 'assistant', langId: 'zh_TW', message: '我想請假' }));
    expect(await plain(alice, leave.messages[0]!)).toContain('員工入口網站');

    const unknown = ok(await alice.api.chatbotSendMessage({ chatbotId: 'assistant', langId: 'zh_CN', message: 'xyz' }));
    expect(await plain(alice, unknown.messages[0]!)).toContain('抱歉，我不明白');

    const menu = ok(await alice.api.chatbotSendMessage({ chatbotId: 'assistant', langId: 'en_US', message: 'menu please' }));
    expect((await card(alice, menu.messages[0])).title).toBe('Hello! How can I help you today?');
  });

  it('sendreplymessage answers a card by its key; requestoriginalmsg returns a message by its key, to its owner only', async () => {
    const started = ok(await alice.api.chatbotStartRoom({ chatbotId: 'assistant', langId: 'en_US', input: 'wifi' }));
    expect(started.messages.map((m) => m.messageType)).toEqual(['MC', 'TEXT']);
    expect(await plain(alice, started.messages[1]!)).toContain('"Staff" network');
    const menuKey = started.messages[0]!.messageChecksum!;

    const replied = ok(
      await alice.api.chatbotSendReplyMessage({ chatbotId: 'assistant', langId: 'en_US', type: 'MC', key: menuKey, messages: [{ value: 'main.hr' }] }),
    );
    expect((await card(alice, replied.messages[0])).title).toBe('Staff matters: choose a topic.');
    const wrongCard = await alice.api.chatbotSendReplyMessage({ chatbotId: 'assistant', langId: 'en_US', type: 'MC', key: menuKey, messages: [{ value: 'hr.leave' }] });
    expect(errorCode(wrongCard)).toBe(E.INVALID_INPUT);
    const text = ok(
      await alice.api.chatbotSendReplyMessage({ chatbotId: 'assistant', langId: 'en_US', type: 'TEXT', key: menuKey, messages: [{ message: 'canteen?' }] }),
    );
    expect(await plain(alice, text.messages[0]!)).toContain('07:30');

    const original = ok(await alice.api.chatbotRequestOriginalMsg({ chatbotId: 'assistant', langId: 'en_US', key: menuKey }));
    expect(original.messages[0]?.messageId).toBe(started.messages[0]!.messageId);
    expect(errorCode(await bob.api.chatbotRequestOriginalMsg({ chatbotId: 'assistant', langId: 'en_US', key: menuKey }))).toBe(E.MESSAGE_NOT_FOUND);
  });

  it('each caller talks in their own room; an unknown chatbot is not found', async () => {
    const bobs = ok(await bob.api.chatbotStartRoom({ chatbotId: 'assistant', langId: 'zh_CN' }));
    expect((await card(bob, bobs.messages[0])).title).toBe('你好！今天有什么可以帮到你？');
    const alices = ok(await alice.api.chatbotSendMessage({ chatbotId: 'assistant', langId: 'en_US', message: 'lunch' }));
    expect(bobs.messages[0]!.roomId).not.toBe(alices.messages[0]!.roomId);
    expect(errorCode(await bob.api.receiveAesMessages({ roomId: alices.messages[0]!.roomId, batchSize: 5, upOrDown: 'UP' }))).toBe(E.NOT_ROOM_MEMBER);
    expect(errorCode(await alice.api.chatbotStartRoom({ chatbotId: 'nobody', langId: 'en_US' }))).toBe(E.NOT_FOUND);
  });
});
