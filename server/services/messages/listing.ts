// Message lists of one room or of all the viewer's rooms: paging, the viewer's flags, delivered marks.
import type { Message } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import type { BatchQuery, MessageView, PageDirection } from '../../store/repos/index.ts';
import { requireMember } from '../room-access.ts';
import { markReceived } from './delivery.ts';
import { parseId, parseOptionalId } from '../../http/wire-ids.ts';
import { presentAll } from './wire.ts';

type Ctx = Pick<ServerContext, 'repos' | 'notifier' | 'now'>;

export interface ListRequest {
  roomId?: string;
  lastMessageId?: string;
  batchSize: number;
  upOrDown: PageDirection;
}

export interface ListOptions {
  types?: readonly string[];
  starredOnly?: boolean;
  /** Mark the listed messages received by the caller (the room's message view). */
  markDelivered?: boolean;
}

export interface ListResult {
  messages: Message[];
  stillHaveData: boolean;
  roomIds: number[];
}

/** One room (the caller must be a member) or, without roomId, every room the caller is in. */
export async function roomsOf(ctx: Pick<ServerContext, 'repos'>, caller: AuthenticatedSession, roomId: string | undefined): Promise<number[]> {
  if (roomId === undefined) return ctx.repos.members.activeRoomIdsOf(caller.accountId);
  const id = parseId(roomId, 'roomId');
  await requireMember(ctx, id, caller.accountId);
  return [id];
}

export async function listMessages(ctx: Ctx, caller: AuthenticatedSession, request: ListRequest, options: ListOptions = {}): Promise<ListResult> {
  const roomIds = await roomsOf(ctx, caller, request.roomId);
  if (roomIds.length === 0) return { messages: [], stillHaveData: false, roomIds };
  const batch = await ctx.repos.messages.batch({
    roomId: roomIds.length === 1 ? (roomIds[0] as number) : roomIds,
    lastMessageId: parseOptionalId(request.lastMessageId, 'lastMessageId'),
    batchSize: request.batchSize,
    upOrDown: request.upOrDown,
    viewerId: caller.accountId,
    now: ctx.now(),
    types: options.types,
    starredOnly: options.starredOnly,
  });
  const messages = await presentAll(ctx, caller.accountId, batch.messages);
  if (options.markDelivered) await markListedReceived(ctx, caller.accountId, batch.messages, messages);
  return { messages, stillHaveData: batch.stillHaveData, roomIds };
}

/** Records delivery of what the caller has just been given and shows it in the answer. */
async function markListedReceived(ctx: Ctx, accountId: number, views: readonly MessageView[], wire: Message[]): Promise<void> {
  const pending = views.filter((v) => v.viewer && !v.viewer.isReceived).map((v) => v.message);
  const byRoom = new Map<number, number[]>();
  for (const m of pending) byRoom.set(m.roomId, [...(byRoom.get(m.roomId) ?? []), m.id]);
  const now = ctx.now().getTime();
  for (const [roomId, ids] of byRoom) {
    const changed = new Set((await markReceived(ctx, accountId, roomId, ids)).map(String));
    for (const message of wire) {
      if (!changed.has(message.messageId)) continue;
      message.isReceivedByYou = true;
      message.receivedDateByYou = now;
    }
  }
}

/** Every message of the room the viewer can see, oldest first (exports and archives). */
export async function allVisible(
  ctx: Pick<ServerContext, 'repos' | 'now'>,
  roomId: number,
  viewerId: number,
  filter: Pick<BatchQuery, 'createdBefore' | 'excludeStarred' | 'keepDeletedForMeSince'> = {},
): Promise<MessageView[]> {
  const views: MessageView[] = [];
  let lastMessageId: number | null = null;
  for (;;) {
    const batch = await ctx.repos.messages.batch({ roomId, lastMessageId, batchSize: 200, upOrDown: 'DOWN', viewerId, now: ctx.now(), ...filter });
    views.push(...batch.messages);
    const last = batch.messages.at(-1);
    if (!batch.stillHaveData || !last) return views;
    lastMessageId = last.message.id;
  }
}
