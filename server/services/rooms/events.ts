// Room events (a room's calendar): any member may add one; its author or a room admin may change or
// delete it. Members are told through ROOM_UPDATE so an open room info reloads its events.
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Repos } from '../../store/repos/index.ts';
import type { RoomEvent } from '../../store/repos/events.ts';
import { inRoom, roomNotice, roomTransaction, type Outbox, type Empty, type Viewer } from './context.ts';
import { toWireEvent, wireId } from './wire.ts';
import { parseId } from '../../http/wire-ids.ts';

export interface EventInput {
  eventId?: string;
  roomId: string;
  title: string;
  content?: string;
  startTs: number;
  endTs: number;
}

export async function listEvents(ctx: ServerContext, viewer: Viewer, roomId: number): Promise<T.RoomEvent[]> {
  await inRoom(ctx.repos, viewer, roomId);
  return (await ctx.repos.events.list(roomId)).map(toWireEvent);
}

/** The author or a room admin may change an event. */
function requireEditor(event: RoomEvent, viewer: Viewer, isAdmin: boolean): void {
  if (event.createdBy !== viewer.accountId && !isAdmin) throw new ApiError('NOT_ROOM_ADMIN', 'only its author or a room admin may change an event');
}

async function announce(r: Repos, outbox: Outbox, event: RoomEvent, viewer: Viewer, change: 'SAVED' | 'DELETED'): Promise<void> {
  const members = await r.members.activeAccountIds(event.roomId);
  outbox.toRoom(event.roomId, members, {
    ...roomNotice('ROOM_UPDATE', { id: event.roomId }, viewer.accountId, { roomId: wireId(event.roomId), roomEvent: { ...toWireEvent(event), change } }),
    dataId: wireId(event.id),
  });
}

/** saveroomevent: creates an event, or changes the one named by eventId. */
export async function saveEvent(ctx: ServerContext, viewer: Viewer, input: EventInput): Promise<T.RoomEvent> {
  if (input.endTs < input.startTs) throw new ApiError('INVALID_INPUT', 'endTs is before startTs');
  const roomId = parseId(input.roomId, 'roomId');
  return roomTransaction(ctx, async (r, outbox) => {
    const { member } = await inRoom(r, viewer, roomId);
    const fields = { roomId, title: input.title, content: input.content ?? null, startTs: new Date(input.startTs), endTs: new Date(input.endTs) };
    let event: RoomEvent | null;
    if (input.eventId) {
      const existing = await r.events.find(parseId(input.eventId, 'eventId'));
      if (!existing || existing.roomId !== roomId) throw new ApiError('NOT_FOUND', `event ${input.eventId}`);
      requireEditor(existing, viewer, member.isAdmin);
      event = await r.events.update(existing.id, fields);
      if (!event) throw new ApiError('NOT_FOUND', `event ${input.eventId}`);
    } else {
      event = await r.events.create({ ...fields, createdBy: viewer.accountId });
    }
    await announce(r, outbox, event, viewer, 'SAVED');
    return toWireEvent(event);
  });
}

/** deleteroomevent. */
export async function deleteEvent(ctx: ServerContext, viewer: Viewer, eventId: string): Promise<Empty> {
  const id = parseId(eventId, 'eventId');
  return roomTransaction(ctx, async (r, outbox) => {
    const event = await r.events.find(id);
    if (!event) throw new ApiError('NOT_FOUND', `event ${eventId}`);
    const { member } = await inRoom(r, viewer, event.roomId);
    requireEditor(event, viewer, member.isAdmin);
    await r.events.delete(id);
    await announce(r, outbox, event, viewer, 'DELETED');
    return {};
  });
}
