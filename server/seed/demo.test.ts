import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptAesText } from '../crypto/aes.ts';
import { rsaSign, rsaVerify } from '../crypto/rsa.ts';
import { verifyPassword } from '../identity/passwords.ts';
import type { Database } from '../store/db.ts';
import { repos, type Repos } from '../store/repos/index.ts';
import { openTestDatabase } from '../store/testing.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData, type SeedResult } from './demo.ts';

let db: Database;
let r: Repos;
let first: SeedResult;

beforeAll(async () => {
  db = await openTestDatabase();
  r = repos(db);
  first = await seedDemoData(db);
  console.info(`seeding took ${first.millis} ms`);
  // ~40 scrypt hashes and ~40 RSA-2048 key pairs: 5 s on a quiet machine, 27 s measured on two cores at load 15
  // (9 s of hashing, 13 s of key generation); the bound leaves room for a busier machine.
}, 180_000);
afterAll(() => db.close());

const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: unknown }>(sql, params)).rows[0]?.n);

describe('demo data', () => {
  it('creates two tenants and about forty accounts', async () => {
    expect(first).toMatchObject({ seeded: true, tenants: 2 });
    expect(first.accounts).toBeGreaterThanOrEqual(38);
    expect(await count('SELECT count(*) AS n FROM tenants')).toBe(2);
    expect(await count('SELECT count(*) AS n FROM accounts')).toBe(first.accounts);
  });

  it('has an ADMIN, an account that must change its password, and working demo logins', async () => {
    expect((await r.accounts.findByLoginName('admin'))?.functionRoles).toEqual(['IM_USER', 'ADMIN']);
    expect((await r.accounts.findByLoginName('mustchange'))?.mustChangePassword).toBe(true);
    expect((await r.accounts.findByLoginName('bob'))?.functionRoles).toEqual(['IM_USER']);
    expect(DEMO_LOGINS.map((l) => l.loginName)).toEqual(expect.arrayContaining(['admin', 'mustchange', 'alice', 'bob']));
    for (const login of DEMO_LOGINS) {
      expect(login.password).toBe(DEMO_PASSWORD);
      const credentials = await r.accounts.getCredentials(login.loginName);
      expect(await verifyPassword(login.password, credentials?.passwordHash ?? '')).toBe(true);
    }
    expect(await verifyPassword('wrong', (await r.accounts.getCredentials('alice'))?.passwordHash ?? '')).toBe(false);
  });

  it('gives every account its own RSA key pair (matching halves, PEM)', async () => {
    const { rows } = await db.query<{ public_key_pem: string; private_key_pem: string }>('SELECT public_key_pem, private_key_pem FROM user_key_pairs');
    expect(rows).toHaveLength(first.accounts);
    expect(new Set(rows.map((k) => k.public_key_pem)).size).toBe(rows.length);
    const alice = await r.accounts.findByLoginName('alice');
    const pair = await r.keys.getUserKeyPair(alice?.id ?? 0);
    expect(pair?.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(pair?.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const data = Buffer.from('proof');
    expect(rsaVerify(pair?.publicKeyPem ?? '', data, rsaSign(pair?.privateKeyPem ?? '', data))).toBe(true);
  });

  it('creates rooms of every type, each with members, policies and a current room key', async () => {
    const types = await db.query<{ room_type: string; business_type: string | null }>(
      'SELECT DISTINCT room_type, business_type FROM rooms ORDER BY room_type, business_type',
    );
    const kinds = types.rows.map((t) => `${t.room_type}/${t.business_type ?? '-'}`);
    expect(kinds).toEqual(expect.arrayContaining(['SINGLE/-', 'SINGLE/SELF', 'MULTIPLE/-', 'MULTIPLE/HA_CALL_CENTRE', 'MULTIPLE/GRP_ACC_FWD_RM', 'BROADCAST/-']));
    expect(await count("SELECT count(*) AS n FROM rooms WHERE business_type = 'SELF'")).toBe(first.accounts);
    expect(await count('SELECT count(*) AS n FROM rooms')).toBe(first.rooms);
    expect(await count('SELECT count(*) AS n FROM rooms r WHERE (SELECT count(*) FROM room_policies p WHERE p.room_id = r.id) <> 31')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM rooms r WHERE NOT EXISTS (SELECT 1 FROM aes_keys k WHERE k.room_id = r.id AND k.retired_at IS NULL)')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM rooms r WHERE NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id)')).toBe(0);
    // Groups have admins; the broadcast room reaches the whole hospital.
    expect(await count("SELECT count(*) AS n FROM rooms r WHERE r.room_type <> 'SINGLE' AND NOT EXISTS (SELECT 1 FROM room_members m WHERE m.room_id = r.id AND m.is_admin)")).toBe(0);
    const broadcast = await db.query<{ id: number }>("SELECT id FROM rooms WHERE room_type = 'BROADCAST'");
    expect((await r.members.activeAccountIds(Number(broadcast.rows[0]?.id))).length).toBeGreaterThan(20);
    // alice sees her chats in her room list
    const alice = await r.accounts.findByLoginName('alice');
    const list = await r.rooms.listForAccount(alice?.id ?? 0, { limit: 30 });
    expect(list.items.length).toBeGreaterThanOrEqual(6);
  });

  it('stores messages encrypted with the room key (AES-GCM) that decrypt to the demo text', async () => {
    expect(first.messages).toBeGreaterThan(30);
    const alice = await r.accounts.findByLoginName('alice');
    const bob = await r.accounts.findByLoginName('bob');
    const room = await r.rooms.findByDedupeKey(`single:${Math.min(alice?.id ?? 0, bob?.id ?? 0)}:${Math.max(alice?.id ?? 0, bob?.id ?? 0)}`);
    const key = await r.keys.currentRoomKey(room?.id ?? 0);
    expect(key?.algorithm).toBe('GCM');
    const batch = await r.messages.batch({ roomId: room?.id ?? 0, lastMessageId: null, batchSize: 10, upOrDown: 'UP', viewerId: alice?.id ?? 0 });
    const texts = batch.messages.map((v) => decryptAesText(key ?? { aesKey: '', algorithm: 'GCM' }, v.message.aesMessage ?? ''));
    expect(texts[0]).toContain('bed 12');
    expect(batch.messages[0]?.message.aesMessage).not.toContain('bed 12');
    expect(batch.messages.every((v) => v.message.messageKeyUuid === key?.messageKeyUuid)).toBe(true);
    // Older messages are read; the newest (alice's) is left unread for bob.
    const unread = await r.receipts.unreadByRoom(bob?.id ?? 0, [room?.id ?? 0]);
    expect(unread).toEqual([{ roomId: room?.id, unread: 1, mentioned: 0 }]);
  });

  it('runs only once', async () => {
    const before = await count('SELECT count(*) AS n FROM messages');
    const again = await seedDemoData(db);
    expect(again.seeded).toBe(false);
    expect(await count('SELECT count(*) AS n FROM messages')).toBe(before);
    expect(await count('SELECT count(*) AS n FROM accounts')).toBe(first.accounts);
  });
});
