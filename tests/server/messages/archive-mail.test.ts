// Emailed archives (withEmail): a real SMTP server in the test process receives the archive, as stored, for the
// account's address; passing refusals are tried again, final ones and unreachable servers are recorded and told;
// a server without SMTP_URL, or an account without an address, refuses the request with a 4xx.
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchivedMessage } from '../../../generated/types/index.ts';
import { errorCodeByName as E } from '../../../generated/errors.ts';
import { errorCode } from '../../support/node-transport.ts';
import { mailAttachment, mailHeader, mailText, startMailCatcher, type MailCatcher } from '../../support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { listen, makeRoom, ok, person, replyQueueOf, roomKey, sendText, type Person } from './helpers.ts';

let catcher: MailCatcher;
let server: TestServer;
let bob: Person;
let roomId: string;

const archives = async (who: Person) => ok(await who.api.getCompletedArchivedMessages({})).archivedMessages;

async function settled(who: Person, id: string): Promise<ArchivedMessage> {
  for (let i = 0; i < 200; i++) {
    const archive = (await archives(who)).find((entry) => entry.id === id);
    if (archive && archive.emailStatus !== 'PENDING') return archive;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the mail of archive ${id} did not settle`);
}

/** Queues an emailed archive and answers the finished archive's entry (its mail may still be on the way). */
async function archiveByMail(who: Person): Promise<ArchivedMessage> {
  const before = new Set((await archives(who)).map((entry) => entry.id));
  ok(await who.api.archiveAllAesMessages({ roomId, withEmail: true, withStarredMessage: true }));
  for (let i = 0; i < 200; i++) {
    const fresh = (await archives(who)).find((entry) => !before.has(entry.id));
    if (fresh) return fresh;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the archive did not complete');
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: catcher.url, MAIL_FROM: 'Chat <chat@hospital.example.org>', MAIL_RETRY_DELAYS_MS: '50,50' });
  const alice = await person(server, 'alice');
  bob = await person(server, 'bob');
  await server.app.ctx.repos.accounts.updateProfileField(bob.id, 'emailAddr', 'bob@hospital.example.org');
  roomId = await makeRoom(server, [alice, bob], 'MULTIPLE', 'Clinic A');
  await sendText(alice, roomId, 'for the record', await roomKey(alice, roomId));
}, 180_000);
afterAll(async () => {
  await server.close();
  await catcher.close();
});

describe('emailed archives', () => {
  it('mails the archive, as stored, to the account address and tells its owner', async () => {
    const inbox = await listen(server, bob, replyQueueOf(server, bob));
    try {
      const archive = await archiveByMail(bob);
      const mail = await catcher.next((caught) => mailHeader(caught, 'Subject') === 'Chat history: Clinic A');
      expect(mail.to).toEqual(['bob@hospital.example.org']);
      expect(mail.from).toBe('chat@hospital.example.org');
      const file = `Clinic A-archive-${archive.id}.zip`;
      expect(mailText(mail)).toContain(`The archive of the chat "Clinic A" that you asked for is attached (${file}).`);
      const attached = mailAttachment(mail, file);
      const downloaded = ok(await bob.api.downloadArchivedMessage({ id: archive.id, messageKeyUuid: archive.messageKeyUuid! }));
      expect(attached?.equals(Buffer.from(await downloaded.blob.arrayBuffer()))).toBe(true);
      expect(strFromU8(unzipSync(new Uint8Array(attached!))['archive.json']!)).toContain('"roomName": "Clinic A"');

      const notice = await inbox.next((body) => (body as { notifyType?: string }).notifyType === 'CUSTOM_NOTIFICATION', 10_000);
      expect(notice).toMatchObject({ roomId, data: { kind: 'ARCHIVE_EMAIL', archivedMessage: { id: archive.id, emailStatus: 'SENT' } } });
      expect(await settled(bob, archive.id)).toMatchObject({ emailStatus: 'SENT' });
    } finally {
      await inbox.close();
    }
  });

  it('writes the mail in the account language', async () => {
    await server.app.ctx.repos.accounts.setLangId(bob.id, 'zh_TW');
    try {
      const archive = await archiveByMail(bob);
      const mail = await catcher.next((caught) => mailText(caught).includes(`Clinic A-archive-${archive.id}.zip`));
      expect(mailText(mail)).toContain('附件是您要求的聊天「Clinic A」的封存');
    } finally {
      await server.app.ctx.repos.accounts.setLangId(bob.id, 'en_US');
    }
  });

  it('tries a passing refusal again, and records a final one', async () => {
    catcher.refuseNext(1, 451);
    const retried = await archiveByMail(bob);
    expect(await settled(bob, retried.id)).toMatchObject({ emailStatus: 'SENT' });
    expect(catcher.mails.some((mail) => mailText(mail).includes(`-archive-${retried.id}.zip`))).toBe(true);

    catcher.refuseNext(1, 550);
    const refused = await archiveByMail(bob);
    expect(await settled(bob, refused.id)).toMatchObject({ emailStatus: 'FAILED', emailFailure: 'REJECTED' });
    expect(catcher.mails.some((mail) => mailText(mail).includes(`-archive-${refused.id}.zip`))).toBe(false);
    // The archive itself is there all the same.
    ok(await bob.api.downloadArchivedMessage({ id: refused.id, messageKeyUuid: refused.messageKeyUuid! }));
  });

  it('refuses an emailed archive for an account without an address, and archives without email as before', async () => {
    const carol = await person(server, 'carol');
    const own = await makeRoom(server, [carol], 'MULTIPLE', 'Notes');
    const refused = await carol.api.archiveAllAesMessages({ roomId: own, withEmail: true, withStarredMessage: true });
    expect(errorCode(refused)).toBe(E.NO_EMAIL_ADDRESS);
    expect(refused.ok ? 0 : refused.httpStatus).toBe(409);
    ok(await carol.api.archiveAllAesMessages({ roomId: own, withEmail: false, withStarredMessage: true }));
    for (let i = 0; i < 100 && (await archives(carol)).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const [plain] = await archives(carol);
    expect(plain).toBeDefined();
    expect(plain!.emailStatus).toBeUndefined();
  });

  it('gives up on a mail server that cannot be reached after every attempt', async () => {
    await catcher.close();
    const archive = await archiveByMail(bob);
    expect(await settled(bob, archive.id)).toMatchObject({ emailStatus: 'FAILED', emailFailure: 'UNREACHABLE' });
    const job = await server.app.ctx.repos.jobs.find(Number(archive.id));
    expect(job?.mailAttempts).toBe(3);
  });
});

describe('without a mail transport', () => {
  it('refuses withEmail with a 4xx and queues nothing', async () => {
    const bare = await startTestServer();
    try {
      const dana = await person(bare, 'dana');
      await bare.app.ctx.repos.accounts.updateProfileField(dana.id, 'emailAddr', 'dana@hospital.example.org');
      const own = await makeRoom(bare, [dana], 'MULTIPLE', 'Notes');
      const refused = await dana.api.archiveAllAesMessages({ roomId: own, withEmail: true, withStarredMessage: false });
      expect(errorCode(refused)).toBe(E.MAIL_NOT_CONFIGURED);
      expect(refused.ok ? 0 : refused.httpStatus).toBe(409);
      const before = await dana.api.archiveAesMessagesBeforeDays({ roomId: own, withEmail: true, withStarredMessage: false, beforeDays: 2 });
      expect(errorCode(before)).toBe(E.MAIL_NOT_CONFIGURED);
      expect(await bare.app.ctx.repos.jobs.listCompleted(dana.id)).toEqual([]);
      expect((await bare.app.ctx.db.query('SELECT count(*)::int AS n FROM jobs')).rows[0]).toEqual({ n: 0 });
    } finally {
      await bare.close();
    }
  }, 180_000);
});
