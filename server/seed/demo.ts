/**
 * Fills an empty server with a demo organisation: two tenants, about 40 staff accounts with their
 * RSA key pairs, rooms of every type with default policies and room keys, and a few encrypted
 * messages per room. Runs once: a row in seed_markers records it, and a second call does nothing.
 */
import type { Database } from '../store/db.ts';
import { repos, type Repos } from '../store/repos/index.ts';
import { selfRoomKey, singleRoomKey } from '../store/repos/rooms.ts';
import { encryptAesText, newAesKeyRecord, type AesKeyRecord } from '../crypto/aes.ts';
import { generateRsaKeyPair, type RsaKeyPair } from '../crypto/rsa.ts';
import { hashPassword } from '../identity/passwords.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_TENANTS } from './people.ts';
import { DEMO_BROADCASTS, DEMO_GROUPS, DEMO_SINGLE_CHATS, SELF_ROOM_NOTES, type DemoChange, type DemoRoom } from './rooms.ts';
import { englishSystemText } from '../services/rooms/system-lines.ts';
import type { SystemEvent } from '../../generated/types/index.ts';

export { DEMO_LOGINS, DEMO_PASSWORD, type DemoLogin } from './people.ts';

export const DEMO_MARKER = 'demo-organisation';

export interface SeedOptions {
  /** The moment the demo conversations end (messages are spread over the hours before it). */
  now?: Date;
  /** Progress lines (the server prints them at first start). */
  log?: (line: string) => void;
}

export interface SeedResult {
  /** false when the demo data was already there */
  seeded: boolean;
  tenants: number;
  accounts: number;
  rooms: number;
  messages: number;
  millis: number;
}

export async function isDemoSeeded(db: Database): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM seed_markers WHERE name = $1', [DEMO_MARKER]);
  return rows.length > 0;
}

export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const started = Date.now();
  const nothing: SeedResult = { seeded: false, tenants: 0, accounts: 0, rooms: 0, messages: 0, millis: 0 };
  if (await isDemoSeeded(db)) return { ...nothing, millis: Date.now() - started };

  // The slow part (scrypt and RSA key generation on the thread pool) runs before the transaction,
  // so the database is not held while keys are made.
  options.log?.(`Creating ${DEMO_PEOPLE.length} demo accounts (password hashes and RSA key pairs)...`);
  const [hashes, keyPairs] = await Promise.all([
    Promise.all(DEMO_PEOPLE.map(() => hashPassword(DEMO_PASSWORD))),
    Promise.all(DEMO_PEOPLE.map(() => generateRsaKeyPair())),
  ]);

  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    // The marker goes in first: of two servers seeding at once, one inserts nothing and stops here.
    const claimed = await tx.query('INSERT INTO seed_markers (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name', [DEMO_MARKER]);
    if (claimed.rows.length === 0) return null;
    return new DemoWriter(repos(tx), now).write(hashes, keyPairs);
  });
  if (!result) return { ...nothing, millis: Date.now() - started };
  const done = { seeded: true, ...result, millis: Date.now() - started };
  options.log?.(`Demo data: ${done.tenants} tenants, ${done.accounts} accounts, ${done.rooms} rooms, ${done.messages} messages (${done.millis} ms).`);
  return done;
}

class DemoWriter {
  private readonly accountIds = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private rooms = 0;
  private messages = 0;
  /** Spreads messages over time in insertion order, ending at `now`. */
  private clock: number;

  constructor(
    private readonly r: Repos,
    private readonly now: Date,
  ) {
    this.clock = now.getTime() - 6 * 3600_000;
  }

  async write(hashes: string[], keyPairs: RsaKeyPair[]): Promise<Omit<SeedResult, 'seeded' | 'millis'>> {
    const tenantIds = [];
    for (const tenant of DEMO_TENANTS) tenantIds.push((await this.r.tenants.create(tenant)).id);

    for (const [i, person] of DEMO_PEOPLE.entries()) {
      const tenant = DEMO_TENANTS[person.tenant];
      const account = await this.r.accounts.create({
        tenantId: tenantIds[person.tenant] ?? 0,
        loginName: person.loginName,
        userFullname: person.userFullname,
        postTitle: person.postTitle,
        emailAddr: `${person.loginName}@${tenant?.shortName.toLowerCase()}.example.org`,
        telNo: `${person.tenant === 0 ? '3506' : '2727'} ${String(1000 + i * 37).slice(-4)}`,
        faxNo: person.tenant === 0 ? '3506 0000' : '2727 0000',
        officeAddr: `${person.department}, ${tenant?.fullname}`,
        accountObjectClass: 'person',
        langId: person.langId ?? 'en_US',
        functionRoles: person.admin ? ['IM_USER', 'ADMIN'] : ['IM_USER'],
        passwordHash: hashes[i] ?? null,
        mustChangePassword: person.mustChangePassword ?? false,
      });
      const pair = keyPairs[i];
      if (pair) await this.r.keys.saveUserKeyPair(account.id, pair);
      this.accountIds.set(person.loginName, account.id);
      this.names.set(person.loginName, person.userFullname);
    }
    await this.r.keys.ensureCommonKey(newAesKeyRecord('GCM'));
    await this.r.appVersions.upsert({
      appPlatform: 'WEB',
      appPushPlatform: 'WS',
      versionNumber: '1.0.15',
      buildVersion: 18,
      versionDescription: 'Demo release',
      appDescription: 'Web chat client',
    });

    const hospitalStaff = DEMO_PEOPLE.filter((p) => p.tenant === 0).map((p) => p.loginName);
    for (const room of DEMO_SINGLE_CHATS) await this.room(room);
    for (const room of DEMO_GROUPS) await this.room(room);
    for (const room of DEMO_BROADCASTS) await this.room({ ...room, members: room.members.length ? room.members : hospitalStaff });
    for (const person of DEMO_PEOPLE) {
      await this.room({
        roomType: 'SINGLE',
        businessType: 'SELF',
        members: [person.loginName],
        lines: (SELF_ROOM_NOTES[person.loginName] ?? []).map((text) => ({ from: person.loginName, text })),
      });
    }
    // Favourites make the FAVOURITE privacy setting demonstrable.
    await this.r.accounts.addFavourites(this.id('alice'), ['bob', 'carol', 'david'].map((n) => this.id(n)));
    await this.r.accounts.addFavourites(this.id('bob'), ['alice', 'emily'].map((n) => this.id(n)));
    return { tenants: tenantIds.length, accounts: this.accountIds.size, rooms: this.rooms, messages: this.messages };
  }

  private id(loginName: string): number {
    const id = this.accountIds.get(loginName);
    if (id === undefined) throw new Error(`demo data names an unknown account: ${loginName}`);
    return id;
  }

  private async room(plan: DemoRoom): Promise<void> {
    const members = plan.members.map((n) => this.id(n));
    const admins = new Set((plan.admins ?? []).map((n) => this.id(n)));
    const creator = plan.admins?.[0] ?? plan.members[0];
    const dedupeKey =
      plan.businessType === 'SELF'
        ? selfRoomKey(this.id(plan.members[0] ?? ''))
        : plan.roomType === 'SINGLE' && members.length === 2
          ? singleRoomKey(members[0] ?? 0, members[1] ?? 0)
          : null;
    const room = await this.r.rooms.create({
      roomType: plan.roomType,
      businessType: plan.businessType ?? null,
      roomName: plan.roomName ?? null,
      createdBy: creator ? this.id(creator) : null,
      groupAccountId: plan.groupAccount ? this.id(plan.groupAccount) : null,
      dedupeKey,
    });
    await this.r.members.add(room.id, members.filter((m) => !admins.has(m)));
    if (admins.size) await this.r.members.add(room.id, [...admins], { admin: true });
    await this.r.policies.applyDefaults(room.id, plan.roomType);
    const key = await this.r.keys.setRoomKey(room.id, newAesKeyRecord('GCM'));
    if (plan.roomType !== 'SINGLE' && creator) {
      await this.r.audit.record({
        roomId: room.id,
        actorId: this.id(creator),
        actorName: this.names.get(creator) ?? creator,
        action: 'ROOM_CREATED',
        message: plan.roomName ?? null,
      });
    }
    this.rooms++;

    let last: Date | null = null;
    for (const [i, line] of plan.lines.entries()) {
      last = await this.message(room.id, key, members, line, i === plan.lines.length - 1);
    }
    // The room's activity is its conversation's, not the moment the seed ran.
    await this.r.rooms.setLastUpdate(room.id, last ?? new Date(this.clock));
  }

  /** A group change as the server writes it (services/rooms/system-lines.ts): unencrypted, worded by the client. */
  private systemLine(change: DemoChange) {
    const event: SystemEvent = { code: change.code, actorId: String(this.id(change.actor)), actorName: this.names.get(change.actor) ?? change.actor };
    if (change.targets) {
      event.targetIds = change.targets.map((n) => String(this.id(n)));
      event.targetNames = change.targets.map((n) => this.names.get(n) ?? n);
    }
    if (change.roomName) event.roomName = change.roomName;
    return { messageType: 'SYSTEM', aesMessage: englishSystemText(event), systemEvent: event };
  }

  /** Stores one line (members' lines encrypted with the room key); every recipient has read it, except the room's latest message. */
  private async message(roomId: number, key: AesKeyRecord, members: number[], line: DemoRoom['lines'][number], latest: boolean): Promise<Date> {
    this.clock = Math.min(this.clock + 4 * 60_000, this.now.getTime());
    const createdAt = new Date(this.clock);
    const senderId = line.from === null ? null : this.id(line.from);
    const content =
      line.from === null
        ? this.systemLine(line.change)
        : {
            messageType: 'TEXT',
            messageKeyUuid: key.messageKeyUuid,
            aesMessage: encryptAesText(key, line.text),
            mentionAccountIds: (line.mentions ?? []).map((n) => this.id(n)),
          };
    const message = await this.r.messages.insert({ roomId, senderId, ...content, createdAt, langId: 'en_US' });
    // A system line has no receipts: it is never unread (services/rooms/system-lines.ts).
    const recipients = line.from === null ? [] : members.filter((m) => m !== senderId);
    await this.r.receipts.createForRecipients(message.id, roomId, recipients);
    if (!latest) {
      const readAt = new Date(createdAt.getTime() + 60_000);
      for (const recipient of recipients) await this.r.receipts.markRead(recipient, roomId, [message.id], readAt);
      if (recipients.length) await this.r.messages.setStatus(message.id, 'ALL_READ');
    }
    this.messages++;
    return createdAt;
  }
}
