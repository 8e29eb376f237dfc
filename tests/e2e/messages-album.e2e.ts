// The private album, the room's history and the media viewer's extras in the CSD client against the reference
// server: a picture saved to the album from its message ('still processing' until the server says it is ready),
// opened, downloaded and deleted there; the media text popup; the media list's viewer under the room's media
// watermark; the chat exported as a transcript and archived, the archive downloaded readable once MESSAGE_ARCHIVED
// arrives, then archived again with 'Email the archive to me' and received by a real SMTP server in the test.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { albumProcessor } from '../../server/services/content/album-processing.ts';
import { letterImage } from '../../server/services/content/images.ts';
import { mailAttachment, mailHeader, startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { ok } from '../support/people.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';
import { moreAction, openRoomAs, pairInChat, sendTexts } from './support/room-helpers.ts';
import { sendKind } from './support/message-kinds.ts';

let mailbox: MailCatcher | undefined;
test.beforeAll(async () => {
  mailbox = await startMailCatcher();
});
test.afterAll(async () => {
  await mailbox?.close();
});
const csd = serveVariant('CSD', () => ({ SMTP_URL: mailbox!.url, MAIL_FROM: 'CSD Chat <chat@csd.example.org>' }));

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const saved = page.waitForEvent('download');
  await click();
  const download = await saved;
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

test('a picture goes to the private album and out again; media text, watermarked media list; the chat exported and archived', async ({ openPage }) => {
  // The longest flow of the suite (album, media list, export, archive and its mail, two downloads): three times the
  // default limit, which it outgrew on three busy workers once the mail step was added.
  test.slow();
  const { me, other } = await pairInChat(csd.server, ['albumowner', 'Album Owner'], ['albumsender', 'Album Sender']);
  const roomId = String(ok(await other.api.createMultipleRoom({ roomName: 'Ward Photos', memberIds: [String(me.id)] })).roomId);
  ok(await other.api.updateRoomPolicy({ roomId, policyAttr: [{ attr: 'SHOW_MEDIA_WATERMARK', value: 1 }] }));
  await sendTexts(other, roomId, ['Round at nine <b>sharp</b>\n[2020/01/01 00:00:00] Fake: line']);
  const bytes = await letterImage({ size: 160, colour: '#1D4E89', letter: 'W', shape: 'square' });
  await sendKind(other, roomId, { type: 'IMAGE', text: 'Bed 4 after the round', file: { name: 'bed-4.png', bytes, mimeType: 'image/png', width: 160, height: 160 } });

  const page = await openPage();
  await openRoomAs(page, csd.url, me, 'Ward Photos');
  const picture = page.locator('[data-testid="message"][data-kind="IMAGE"]').last();

  // The media text popup: the words sent with the picture, who sent it, what it is.
  await picture.getByRole('button', { name: 'Open image bed-4.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'bed-4.png' });
  await viewer.getByRole('button', { name: 'Media text' }).click();
  const text = viewer.getByTestId('media-text');
  await expect(text.getByTestId('media-caption')).toHaveText('Bed 4 after the round');
  await expect(text).toContainText('Album Sender');
  await expect(text).toContainText('160 × 160');
  await expect(viewer.getByTestId('media-watermark')).toBeVisible();
  await screenshot(page, 'messages-media-text');
  await viewer.getByRole('button', { name: 'Close', exact: true }).click();

  // The media list's viewer keeps the room's media watermark.
  await (await moreAction(page, 'Media and files')).click();
  await page.getByTestId('panel-page-medialist').getByTestId('media-thumb').first().click();
  await expect(page.getByRole('dialog', { name: 'bed-4.png' }).getByTestId('media-watermark')).toBeVisible();
  await page.getByRole('dialog', { name: 'bed-4.png' }).getByRole('button', { name: 'Close', exact: true }).click();

  // Saved to the album from the message. While the server is still saving it the album says so with the seed's
  // text; its notice makes the entry ready.
  const processor = albumProcessor(csd.server.app.ctx);
  processor.pause();
  await picture.hover();
  await picture.getByRole('button', { name: 'Upload to private album' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('settings-menu').getByRole('button', { name: 'Private Album', exact: true }).click();
  const entry = page.getByTestId('album-entry').filter({ hasText: 'bed-4.png' });
  await expect(entry).toHaveAttribute('data-status', 'PROCESSING');
  await entry.click();
  await expect(page.getByText('This message is still processing, please try again later')).toBeVisible();
  processor.resume();
  await expect(page.getByText('Saved to your private album: bed-4.png')).toBeVisible();
  await expect(entry).toHaveAttribute('data-status', 'READY');
  await screenshot(page, 'album-list');
  await entry.click();
  const preview = page.getByRole('dialog', { name: 'bed-4.png' });
  await expect(preview.getByTestId('album-preview-image')).toBeVisible();
  await screenshot(page, 'album-preview');
  const file = await downloaded(page, () => preview.getByRole('button', { name: 'Download' }).click());
  expect(file.name).toBe('bed-4.png');
  expect(file.bytes.equals(Buffer.from(bytes))).toBe(true);
  await preview.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete from the album' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('private-album').getByTestId('empty-state')).toHaveText('No Record Found');
  await page.getByRole('button', { name: 'Back' }).click();

  // The room's history: the whole chat as a transcript, then an archive that arrives later.
  await (await moreAction(page, 'Export and archive')).click();
  const history = page.getByTestId('room-history');
  const transcript = await downloaded(page, () => history.getByRole('button', { name: 'Export chat' }).click());
  expect(transcript.name).toBe('Ward Photos-chat.txt');
  const lines = transcript.bytes.toString('utf8').split('\n');
  expect(lines[0]).toBe('Ward Photos');
  expect(lines).toContainEqual(expect.stringMatching(/^\[\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d\] Album Sender: Round at nine <b>sharp<\/b>$/));
  expect(lines).toContain('    [2020/01/01 00:00:00] Fake: line');
  expect(lines).toContainEqual(expect.stringMatching(/Album Sender: Image: bed-4\.png$/));

  await history.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('The archive of Ward Photos is ready to download')).toBeVisible();
  const row = history.getByTestId('room-archive');
  await expect(row).toHaveCount(1);
  await screenshot(page, 'room-history');
  const archive = await downloaded(page, () => row.getByRole('button', { name: /^Download the archive of/ }).click());
  expect(archive.name).toMatch(/^Ward Photos-archive-\d{14}\.zip$/);
  const zip = unzipSync(new Uint8Array(archive.bytes));
  expect(strFromU8(zip['transcript.txt']!)).toContain('Album Sender: Round at nine <b>sharp</b>');
  const saved = Object.keys(zip).find((name) => name.startsWith('files/') && name.endsWith('-bed-4.png'));
  expect(saved && Buffer.from(zip[saved]!).equals(Buffer.from(bytes))).toBe(true);

  // Emailed: the next archive goes to the account's address as well, and its row says so.
  await csd.server.app.ctx.repos.accounts.updateProfileField(me.id, 'emailAddr', 'album.owner@csd.example.org');
  await history.getByRole('checkbox', { name: 'Email the archive to me' }).check();
  await history.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('The archive of Ward Photos was emailed to you')).toBeVisible();
  await expect(row).toHaveCount(2);
  await expect(history.getByTestId('archive-email')).toHaveText('Emailed to you');
  await expect(history.getByTestId('archive-pending')).toHaveCount(0);
  await screenshot(page, 'room-history-emailed');
  const mail = await mailbox!.next((caught) => caught.to.includes('album.owner@csd.example.org'));
  expect(mailHeader(mail, 'Subject')).toBe('Chat history: Ward Photos');
  const emailed = ok(await me.api.getCompletedArchivedMessages({})).archivedMessages.find((entry) => entry.emailStatus === 'SENT')!;
  const stored = ok(await me.api.downloadArchivedMessage({ id: emailed.id, messageKeyUuid: emailed.messageKeyUuid! }));
  expect(mailAttachment(mail, `Ward Photos-archive-${emailed.id}.zip`)?.equals(Buffer.from(await stored.blob.arrayBuffer()))).toBe(true);
});
