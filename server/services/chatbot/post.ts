// Writes one turn of a chatbot conversation into the caller's chatbot room: the caller's own words as
// their TEXT message, then the chatbot's replies as messages without a sender (TEXT answers, MC cards).
// Everything is encrypted with the room's key, as any member's client would, so the conversation reads
// like every other room. One transaction, then NEW_MESSAGE for each message.
import { randomUUID } from 'node:crypto';
import type { Message } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { encryptAesText } from '../../crypto/aes.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Queryable } from '../../store/db.ts';
import { lockRoom, repos, type Room, type StoredMessage } from '../../store/repos/index.ts';
import { ensureRoomKey } from '../keys/room-keys.ts';
import { announceNewMessage, storeMessage } from '../messages/store.ts';
import { presentAll } from '../messages/wire.ts';
import { chatbotStore, type Card } from '../../store/repos/chatbot.ts';

export type Outgoing = { kind: 'user-text'; text: string } | { kind: 'bot-text'; text: string } | { kind: 'bot-card'; card: Card };

/** The plain JSON an MC card message carries (encrypted as the message text). */
export interface McCardContent {
  chatbotId: string;
  title: string;
  options: { label: string; value: string }[];
}

async function storeBotMessage(
  ctx: ServerContext,
  tx: Queryable,
  room: Room,
  content: { messageType: 'TEXT' | 'MC'; messageKeyUuid: string; aesMessage: string; checksum: string; chatbotId: string },
): Promise<StoredMessage> {
  const r = repos(tx);
  const now = ctx.now();
  const expiresAt = room.selfDestructEnabled && room.selfDestructSeconds ? new Date(now.getTime() + room.selfDestructSeconds * 1000) : null;
  const message = await r.messages.insert({
    roomId: room.id,
    senderId: null,
    messageType: content.messageType,
    messageKeyUuid: content.messageKeyUuid,
    aesMessage: content.aesMessage,
    checksum: content.checksum,
    hints: { chatbotId: content.chatbotId },
    createdAt: now,
    expiresAt,
  });
  await r.receipts.createForRecipients(message.id, room.id, await r.members.activeAccountIds(room.id));
  await r.rooms.touch(room.id, now);
  return message;
}

/** Stores the turn; returns the chatbot's replies as the caller sees them. */
export async function postTurn(
  ctx: ServerContext,
  room: Room,
  accountId: number,
  chatbotId: string,
  items: readonly Outgoing[],
): Promise<Message[]> {
  const stored = await ctx.db.transaction(async (tx) => {
    await lockRoom(tx, room.id); // as a send does: the key check and the messages in one order with membership changes
    const { key } = await ensureRoomKey(ctx, room.id, { rotate: true, tx });
    const bots = chatbotStore(tx);
    const all: { message: StoredMessage; fromBot: boolean }[] = [];
    for (const item of items) {
      const messageKey = randomUUID();
      if (item.kind === 'user-text') {
        const message = await storeMessage(ctx, tx, room, accountId, {
          messageType: 'TEXT',
          messageKeyUuid: key.messageKeyUuid,
          aesMessage: encryptAesText(key, item.text),
          checksum: messageKey,
        });
        all.push({ message, fromBot: false });
        continue;
      }
      const isCard = item.kind === 'bot-card';
      const plain = isCard
        ? JSON.stringify({ chatbotId, title: item.card.title, options: item.card.options } satisfies McCardContent)
        : item.text;
      const message = await storeBotMessage(ctx, tx, room, {
        messageType: isCard ? 'MC' : 'TEXT',
        messageKeyUuid: key.messageKeyUuid,
        aesMessage: encryptAesText(key, plain),
        checksum: messageKey,
        chatbotId,
      });
      await bots.recordMessageKey({ key: messageKey, chatbotId, accountId, messageId: message.id, cardKey: isCard ? item.card.cardKey : null });
      all.push({ message, fromBot: true });
    }
    return all;
  });
  for (const { message } of stored) await announceNewMessage(ctx, message);
  return present(ctx, room.id, accountId, stored.filter((s) => s.fromBot).map((s) => s.message.id));
}

/** Messages of the room by id, as the account sees them. */
export async function present(ctx: ServerContext, roomId: number, viewerId: number, ids: readonly number[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const batch = await ctx.repos.messages.batch({
    roomId,
    lastMessageId: null,
    batchSize: ids.length,
    upOrDown: 'DOWN',
    viewerId,
    now: ctx.now(),
    ids,
  });
  if (batch.messages.length !== ids.length) throw new ApiError('MESSAGE_NOT_FOUND');
  return presentAll(ctx, viewerId, batch.messages);
}
