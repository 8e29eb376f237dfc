// The built-in rule-based chatbot: a conversation in the caller's chatbot room, driven by the menu cards,
// options, answers and keywords of the chatbot tables (server/seed/chatbot.ts, docs/server-services.md).
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import type { Database } from '../../store/db.ts';
import { chatbotRoomKey, type Room } from '../../store/repos/rooms.ts';
import { seedChatbotData } from '../../seed/chatbot.ts';
import { CHATBOT_ID } from '../rooms/chatbot.ts';
import { createChatbotRoom } from '../rooms/create.ts';
import { postTurn, present, type Outgoing } from './post.ts';
import { chatbotStore, type Chatbot, type Step } from '../../store/repos/chatbot.ts';

type Caller = Pick<AuthenticatedSession, 'accountId' | 'roles'>;
type Replies = { messages: T.Message[] };

const seeding = new WeakMap<Database, Promise<boolean>>();

/** The chatbot tables are filled once per database (idempotent, guarded by a seed marker). */
export function ensureChatbotData(db: Database): Promise<boolean> {
  let pending = seeding.get(db);
  if (!pending) {
    pending = seedChatbotData(db);
    seeding.set(db, pending);
    pending.catch(() => seeding.delete(db));
  }
  return pending;
}

interface Conversation {
  bot: Chatbot;
  room: Room;
}

/**
 * The chatbot and the caller's room with it. createchatbotroom names only a language, so the rooms
 * service opens rooms for its one chatbot (CHATBOT_ID); other chatbot ids have no room to talk in.
 */
async function conversation(ctx: ServerContext, caller: Caller, chatbotId: string, langId: string): Promise<Conversation> {
  await ensureChatbotData(ctx.db);
  const bot = await chatbotStore(ctx.db).find(chatbotId);
  if (!bot || chatbotId !== CHATBOT_ID) throw new ApiError('NOT_FOUND', `chatbot ${chatbotId}`);
  let room = await ctx.repos.rooms.findByDedupeKey(chatbotRoomKey(caller.accountId, chatbotId));
  if (!room || !(await ctx.repos.members.isActiveMember(room.id, caller.accountId))) {
    const opened = await createChatbotRoom(ctx, caller, langId);
    room = await ctx.repos.rooms.findById(Number(opened.roomId));
  }
  if (!room) throw new ApiError('INTERNAL_ERROR', 'the chatbot room could not be opened');
  return { bot, room };
}

async function reply(ctx: ServerContext, bot: Chatbot, step: Step, langId: string): Promise<Outgoing> {
  const bots = chatbotStore(ctx.db);
  if (step.kind === 'card') {
    const card = await bots.card(bot.chatbotId, step.cardKey, langId);
    if (!card) throw new ApiError('INTERNAL_ERROR', `chatbot card ${step.cardKey} is missing`);
    return { kind: 'bot-card', card };
  }
  const text = await bots.text(bot.chatbotId, `answer:${step.answerKey}`, langId);
  if (text === null) throw new ApiError('INTERNAL_ERROR', `chatbot answer ${step.answerKey} is missing`);
  return { kind: 'bot-text', text };
}

/** Free text: the keyword table's answer, or the fallback answer. */
async function answerText(ctx: ServerContext, bot: Chatbot, text: string, langId: string): Promise<Outgoing> {
  const step = (await chatbotStore(ctx.db).matchKeyword(bot.chatbotId, text)) ?? { kind: 'answer', answerKey: bot.fallbackAnswer };
  return reply(ctx, bot, step, langId);
}

/** startroom: the menu card, and the answer to `input` when the caller starts with a question. */
export async function startRoom(ctx: ServerContext, caller: Caller, body: T.ChatbotStartRoomRequest): Promise<Replies> {
  const { bot, room } = await conversation(ctx, caller, body.chatbotId, body.langId);
  const items: Outgoing[] = [await reply(ctx, bot, { kind: 'card', cardKey: bot.startCard }, body.langId)];
  const input = body.input?.trim();
  if (input) items.push({ kind: 'user-text', text: input }, await answerText(ctx, bot, input, body.langId));
  return { messages: await postTurn(ctx, room, caller.accountId, bot.chatbotId, items) };
}

export async function sendMessage(ctx: ServerContext, caller: Caller, body: T.ChatbotSendMessageRequest): Promise<Replies> {
  const { bot, room } = await conversation(ctx, caller, body.chatbotId, body.langId);
  const text = body.message.trim();
  if (!text) throw new ApiError('INVALID_INPUT', 'message is empty');
  const items: Outgoing[] = [{ kind: 'user-text', text }, await answerText(ctx, bot, text, body.langId)];
  return { messages: await postTurn(ctx, room, caller.accountId, bot.chatbotId, items) };
}

/** sendmcmessageanswer: the option's label as the caller's message, then the card or answer it leads to. */
export async function answerMc(ctx: ServerContext, caller: Caller, body: T.ChatbotSendMcMessageAnswerRequest, cardKey?: string): Promise<Replies> {
  const { bot, room } = await conversation(ctx, caller, body.chatbotId, body.langId);
  const option = await chatbotStore(ctx.db).option(bot.chatbotId, body.value, body.langId);
  if (!option || (cardKey !== undefined && option.cardKey !== cardKey)) throw new ApiError('INVALID_INPUT', `no option ${body.value}`);
  const items: Outgoing[] = [{ kind: 'user-text', text: option.label }, await reply(ctx, bot, option.step, body.langId)];
  return { messages: await postTurn(ctx, room, caller.accountId, bot.chatbotId, items) };
}

const stringField = (item: Record<string, unknown>, field: string): string | null =>
  typeof item[field] === 'string' && (item[field] as string).trim() !== '' ? (item[field] as string).trim() : null;

/**
 * sendreplymessage: a structured reply to one of the chatbot's messages (named by its key). Type MC: each
 * item's `value` is an option of that card; type TEXT: each item's `message` is free text.
 */
export async function sendReply(ctx: ServerContext, caller: Caller, body: T.ChatbotSendReplyMessageRequest): Promise<Replies> {
  if ((body.messageFiles ?? []).length > 0) throw new ApiError('MESSAGE_TYPE_UNSUPPORTED', 'the chatbot does not read files');
  const items = (body.messages ?? []) as Record<string, unknown>[];
  if (items.length === 0) throw new ApiError('INVALID_INPUT', 'messages is empty');
  const { bot } = await conversation(ctx, caller, body.chatbotId, body.langId);
  const target = await chatbotStore(ctx.db).findMessageKey(body.key, bot.chatbotId, caller.accountId);
  if (!target) throw new ApiError('MESSAGE_NOT_FOUND', `key ${body.key}`);
  const messages: T.Message[] = [];
  for (const item of items) {
    if (body.type === 'MC') {
      const value = stringField(item, 'value');
      if (!value || target.cardKey === null) throw new ApiError('INVALID_INPUT', 'an MC reply needs a value and an MC message');
      messages.push(...(await answerMc(ctx, caller, { chatbotId: body.chatbotId, langId: body.langId, value }, target.cardKey)).messages);
    } else if (body.type === 'TEXT') {
      const message = stringField(item, 'message');
      if (!message) throw new ApiError('INVALID_INPUT', 'a TEXT reply needs a message');
      messages.push(...(await sendMessage(ctx, caller, { chatbotId: body.chatbotId, langId: body.langId, message })).messages);
    } else {
      throw new ApiError('INVALID_INPUT', `reply type ${body.type}: MC or TEXT`);
    }
  }
  return { messages };
}

/** requestoriginalmsg: the stored message a key names, from the caller's own conversation. */
export async function requestOriginal(ctx: ServerContext, caller: Caller, body: T.ChatbotRequestOriginalMsgRequest): Promise<Replies> {
  await ensureChatbotData(ctx.db);
  const target = await chatbotStore(ctx.db).findMessageKey(body.key, body.chatbotId, caller.accountId);
  if (!target) throw new ApiError('MESSAGE_NOT_FOUND', `key ${body.key}`);
  const message = await ctx.repos.messages.findById(target.messageId);
  if (!message) throw new ApiError('MESSAGE_NOT_FOUND', `key ${body.key}`);
  return { messages: await present(ctx, message.roomId, caller.accountId, [message.id]) };
}
