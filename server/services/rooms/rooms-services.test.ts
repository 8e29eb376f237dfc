// The rooms services below the wire: name lengths, picture thumbnails, self-destruct units, mute state,
// and the transaction/outbox rule (a refused change leaves nothing behind and announces nothing).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Database } from '../../store/db.ts';
import { repos, type Repos } from '../../store/repos/index.ts';
import { openTestDatabase } from '../../store/testing.ts';
import type { Notifier } from '../notifier.ts';
import type { AnyNotification } from '../../../generated/realtime/index.ts';
import { roomNotice, roomTransaction } from './context.ts';
import { prepareRoomImage } from './images.ts';
import { checkRoomName } from './names.ts';
import { isMutedNow } from './views.ts';
import { SECONDS_PER_UNIT, selfDestructTimeOf } from './wire.ts';

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof ApiError ? error.code : String(error);
  }
};

describe('room names', () => {
  it('allow 25 characters plus a buffer of 5, counted as people count them', () => {
    expect(checkRoomName('  Ward 7  ')).toBe('Ward 7');
    expect(checkRoomName('🏥'.repeat(30))).toHaveLength(60);
    expect(() => checkRoomName('x'.repeat(31))).toThrow(ApiError);
    expect(() => checkRoomName('   ')).toThrow(/NAME_LENGTH/);
  });
});

describe('room pictures', () => {
  const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#808080' } });

  it('thumbnails fit 300x500 and are never enlarged', async () => {
    const tall = await prepareRoomImage(await picture(600, 2000).jpeg().toBuffer(), 1_000_000);
    expect(await sharp(tall.thumbnail).metadata()).toMatchObject({ width: 150, height: 500, format: 'jpeg' });
    const small = await prepareRoomImage(await picture(100, 80).png().toBuffer(), 1_000_000);
    expect(await sharp(small.thumbnail).metadata()).toMatchObject({ width: 100, height: 80, format: 'png' });
    const gif = await prepareRoomImage(await picture(400, 400).gif().toBuffer(), 1_000_000);
    expect(gif.contentType).toBe('image/gif');
    expect(await sharp(gif.thumbnail).metadata()).toMatchObject({ width: 300, height: 300, format: 'png' });
  });

  it('accept only gif, jpeg and png within the size limit', async () => {
    expect(await codeOf(prepareRoomImage(await picture(10, 10).webp().toBuffer(), 1_000_000))).toBe('FILE_TYPE_UNSUPPORTED');
    expect(await codeOf(prepareRoomImage(Buffer.from('not a picture'), 1_000_000))).toBe('MEDIA_UPLOAD_FAIL');
    expect(await codeOf(prepareRoomImage(await picture(50, 50).png().toBuffer(), 10))).toBe('TOO_LARGE');
  });
});

let db: Database;
let r: Repos;
let amy: number;
let ben: number;

beforeAll(async () => {
  db = await openTestDatabase();
  r = repos(db);
  const tenant = await r.tenants.create({ shortName: 'T', fullname: 'Tenant' });
  amy = (await r.accounts.create({ tenantId: tenant.id, loginName: 'amy', userFullname: 'Amy' })).id;
  ben = (await r.accounts.create({ tenantId: tenant.id, loginName: 'ben', userFullname: 'Ben' })).id;
});
afterAll(() => db.close());

describe('self-destruct time', () => {
  it('is kept in the unit it was given in', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Timer' });
    expect(selfDestructTimeOf(room)).toBeNull();
    const set = await r.rooms.setSelfDestructTime(room.id, true, { seconds: 2 * SECONDS_PER_UNIT.week, unit: 'week' });
    expect(set && selfDestructTimeOf(set)).toEqual({ value: 2, unit: 'week' });
    expect(set?.selfDestructSeconds).toBe(1_209_600);
    const off = await r.rooms.setSelfDestructTime(room.id, false, null);
    expect(off).toMatchObject({ selfDestructEnabled: false, selfDestructSeconds: 1_209_600, selfDestructUnit: 'week' });
  });
});

describe('mute state', () => {
  it('is timed, endless, or off', async () => {
    const room = await r.rooms.create({ roomType: 'MULTIPLE', roomName: 'Mute' });
    await r.members.add(room.id, [amy]);
    const now = new Date('2030-01-01T00:00:00Z');
    const timed = await r.members.setMute(room.id, amy, true, new Date('2030-01-01T08:00:00Z'));
    expect(timed && isMutedNow(timed, now)).toBe(true);
    expect(timed && isMutedNow(timed, new Date('2030-01-01T09:00:00Z'))).toBe(false);
    const endless = await r.members.setMute(room.id, amy, true, null);
    expect(endless).toMatchObject({ isMuted: true, muteUntil: null });
    const off = await r.members.setMute(room.id, amy, false, null);
    expect(off && isMutedNow(off, now)).toBe(false);
    expect(off).toMatchObject({ isMuted: false, muteUntil: null });
  });
});

describe('roomTransaction', () => {
  function recordingContext(): { ctx: ServerContext; sent: AnyNotification[] } {
    const sent: AnyNotification[] = [];
    const record = async (_to: unknown, notification: AnyNotification) => {
      sent.push(notification);
    };
    const notifier: Notifier = {
      toAccounts: record,
      toAccountTopics: record,
      toRoom: async (_roomId, _members, notification) => {
        sent.push(notification);
      },
      toBroadcastRoom: record,
      toAuthenticator: record,
      topicMessage: async () => undefined,
      revoke: async () => undefined,
    };
    return { ctx: { db, notifier } as unknown as ServerContext, sent };
  }

  it('publishes only after the change commits', async () => {
    const { ctx, sent } = recordingContext();
    const room = await roomTransaction(ctx, async (tr, outbox) => {
      const created = await tr.rooms.create({ roomType: 'MULTIPLE', roomName: 'Kept' });
      await tr.members.add(created.id, [amy, ben]);
      outbox.toRoom(created.id, [amy, ben], roomNotice('ROOM_DELETE', created, amy));
      expect(sent).toEqual([]);
      return created;
    });
    expect(sent.map((n) => n.notifyType)).toEqual(['ROOM_DELETE']);
    expect(await r.members.activeAccountIds(room.id)).toEqual([amy, ben].sort((a, b) => a - b));
  });

  it('rolls a refused change back and announces nothing', async () => {
    const { ctx, sent } = recordingContext();
    let roomId = 0;
    const refused = roomTransaction(ctx, async (tr, outbox) => {
      const created = await tr.rooms.create({ roomType: 'MULTIPLE', roomName: 'Gone' });
      roomId = created.id;
      outbox.toRoom(created.id, [amy], roomNotice('ROOM_DELETE', created, amy));
      throw new ApiError('ROOM_SIZE_LIMIT');
    });
    expect(await codeOf(refused)).toBe('ROOM_SIZE_LIMIT');
    expect(sent).toEqual([]);
    expect(await r.rooms.findById(roomId)).toBeNull();
  });
});
