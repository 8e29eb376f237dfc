// Rooms for the benchmarks, made as a user makes them: groups created one by one through the createmultipleroom
// service (policies, member set, audit record, the creator as admin), each with one other member, with no server
// running (notifications go nowhere). The room list's statements get planned while the account has few rooms, as on
// a server whose user gathered them over time (what a bulk insert would hide: docs/server-storage.md).
import type { ServerContext } from '../../server/context.ts';
import type { AuthenticatedSession } from '../../server/http/types.ts';
import type { Notifier } from '../../server/services/notifier.ts';
import { createMultipleRoom } from '../../server/services/rooms/create.ts';
import type { Database } from '../../server/store/db.ts';
import { openBlobStore } from '../../server/store/open.ts';
import { repos } from '../../server/store/repos/index.ts';

/** What the services read of the server; notifications go nowhere. */
export function benchContext(db: Database, dataDir: string): ServerContext {
  const notifier: Pick<Notifier, 'toRoom' | 'toAccounts' | 'toAccountTopics' | 'revoke'> = {
    toRoom: async () => {},
    toAccounts: async () => {},
    toAccountTopics: async () => {},
    revoke: async () => {},
  };
  return {
    db,
    repos: repos(db),
    blobs: openBlobStore(db, dataDir),
    notifier,
    now: () => new Date(),
    log: () => {},
    config: { attachSizeBytes: 1_000_000 },
  } as unknown as ServerContext;
}

/**
 * `count` groups of the viewer, each with one of `others` (in turn) as the other member; `unreadEvery`: every such
 * room also gets one message from that member (unread by the viewer). Returns the rooms' ids in creation order.
 */
export async function makeRoomsAsUser(
  ctx: ServerContext,
  viewerId: number,
  others: readonly number[],
  count: number,
  unreadEvery = 0,
): Promise<number[]> {
  const viewer = { accountId: viewerId, roles: ['IM_USER'] } as unknown as AuthenticatedSession;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const other = others[i % others.length]!;
    const room = await createMultipleRoom(ctx, viewer, { roomName: `Ward ${i}`, memberIds: [String(other)] });
    const roomId = Number(room.roomId);
    ids.push(roomId);
    if (unreadEvery > 0 && i % unreadEvery === 0) {
      // The statement a send runs (receipts for the viewer, the room moved up the list).
      await ctx.repos.messages.insertIntoRoom({ roomId, senderId: other, messageType: 'TEXT', aesMessage: 'cipher', checksum: `c${viewerId}-${i}`, createdAt: new Date() });
    }
  }
  return ids;
}
