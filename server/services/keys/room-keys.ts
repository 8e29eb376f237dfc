// The AES key records the server hands out: one current key per room (made on first use, replaced when
// the room's membership has changed since it was made) and the common key. The server never uses them
// to decrypt anything; it only stores and distributes them (docs/server-messages.md).
import { newAesKeyRecord } from '../../crypto/aes.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../store/db.ts';
import { lockRoom, repos, type StoredAesKey } from '../../store/repos/index.ts';

type Ctx = Pick<ServerContext, 'db' | 'encryption'>;

export interface RoomKeyState {
  /** The room's current key after the check. */
  key: StoredAesKey;
  /** The key this call retired because the membership changed, if it did. */
  retired: StoredAesKey | null;
}

/**
 * The room's current key, created when the room has none. With `rotate` (a send), a key made before the
 * room's last membership change is retired and replaced: the caller holds the room's write lock (`lockRoom`),
 * so two sends never rotate at once. Runs in the caller's transaction when given one.
 */
export async function ensureRoomKey(
  ctx: Ctx,
  roomId: number,
  options: { rotate: boolean; tx?: Queryable; known?: CurrentKeyState | null },
): Promise<RoomKeyState> {
  const run = async (q: Queryable): Promise<RoomKeyState> => {
    const r = repos(q);
    // `known`: the state the caller read with the room's lock held (a send's facts), so it need not read it again.
    let current = options.known !== undefined ? options.known : await r.keys.currentRoomKeyState(roomId);
    const fresh = async () => {
      // A new version of the room's row: a send waiting for the lock reads the new key (repos/send-facts.ts).
      await lockRoom(q, roomId);
      return r.keys.setRoomKey(roomId, newAesKeyRecord(ctx.encryption.defaultEncryptionAlgorithm));
    };
    if (!current) {
      // Two first readers of a room's key (PostgreSQL runs them side by side) would both make one: take turns.
      await lockRoom(q, roomId);
      current = await r.keys.currentRoomKeyState(roomId);
      if (!current) return { key: await fresh(), retired: null };
    }
    if (options.rotate && current.membershipChanged) return { key: await fresh(), retired: current.key };
    return { key: current.key, retired: null };
  };
  return options.tx ? run(options.tx) : ctx.db.transaction(run);
}

/** A room's current key and whether its membership changed after the key was made. */
export interface CurrentKeyState {
  key: StoredAesKey;
  membershipChanged: boolean;
}

/** The common key (broadcasts, archives), made on first use. */
export async function commonKey(ctx: Pick<ServerContext, 'repos' | 'encryption'>): Promise<StoredAesKey> {
  return ctx.repos.keys.ensureCommonKey(newAesKeyRecord(ctx.encryption.defaultEncryptionAlgorithm));
}

export const keyRecord = (key: StoredAesKey) => ({ messageKeyUuid: key.messageKeyUuid, aesKey: key.aesKey, algorithm: key.algorithm });
