// Messages in the CSD client against the reference server: every kind another member sends renders (text with
// its URL preview, images in the media viewer, video, voice played with its progress, files with 'Download
// original', location, contact and business cards, sticker, app card, REQUEST / MC answers, date and time,
// JSON card, dismissals, polls) and anything unreadable says 'This message type is not supported'.
import type { Page } from '@playwright/test';
import { letterImage } from '../../server/services/content/images.ts';
import { seedContentData } from '../../server/seed/content.ts';
import { ok, person, type Person } from '../support/people.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';
import { moreAction, openRoomAs, pairInChat, roomRow, sendTexts } from './support/room-helpers.ts';
import { sendKind, toneWav, type KindSend } from './support/message-kinds.ts';

const csd = serveVariant('CSD', {}, async (server) => {
  await seedContentData(server.app.ctx.db, { blobs: server.app.ctx.blobs });
});

let people = 0;
/** Two new members with a single chat between them. */
async function pair(): Promise<{ me: Person; other: Person; roomId: string }> {
  people += 1;
  return pairInChat(csd.server, [`viewer${people}`, `Viewer ${people}`], [`sender${people}`, `Sender ${people}`]);
}

const openRoom = (page: Page, who: Person, roomName: string) => openRoomAs(page, csd.url, who, roomName);

const lastOfKind = (page: Page, kind: string) => page.locator(`[data-testid="message"][data-kind="${kind}"]`).last();

test('every kind another member sends renders; the media viewer pages, zooms and downloads; voice plays', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  const page = await openPage();
  await openRoom(page, me, 'Sender');
  const send = (message: KindSend) => sendKind(other, roomId, message);

  await send({
    type: 'TEXT',
    text: 'Rota is at https://intranet.example.org/rota today',
    urlMetadata: { url: 'https://intranet.example.org/rota', title: 'Ward rota', description: 'Who is on duty this week' },
  });
  const text = lastOfKind(page, 'TEXT');
  await expect(text.getByRole('link', { name: 'https://intranet.example.org/rota' })).toBeVisible();
  await expect(text.getByTestId('url-preview')).toContainText('Ward rota');
  await expect(text.getByTestId('url-preview')).toContainText('intranet.example.org');

  for (const [letter, colour] of [['A', '#1D4E89'], ['B', '#B42318']] as const) {
    const bytes = await letterImage({ size: 240, colour, letter, shape: 'square' });
    await send({ type: 'IMAGE', file: { name: `photo-${letter}.png`, bytes, mimeType: 'image/png', width: 240, height: 240 } });
    await expect(lastOfKind(page, 'IMAGE').getByRole('img', { name: `Image photo-${letter}.png` })).toBeVisible();
  }
  await send({ type: 'VIDEO', file: { name: 'handover.webm', bytes: new Uint8Array(64), mimeType: 'video/webm', duration: 7 } });
  await expect(lastOfKind(page, 'VIDEO').getByTestId('video-tile')).toContainText('handover.webm0:07');
  await screenshot(page, 'messages-kinds-media');

  // The viewer: the newest image, back to the older one, zoom, download; the video is among them.
  await lastOfKind(page, 'IMAGE').getByRole('button', { name: 'Open image photo-B.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'photo-B.png' });
  await expect(viewer.getByTestId('viewer-image')).toBeVisible();
  await expect(viewer.getByTestId('media-position')).toHaveText('2 / 3');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByTestId('media-zoom')).toHaveText('150%');
  await screenshot(page, 'messages-media-viewer');
  await viewer.getByRole('button', { name: 'Previous' }).click();
  const first = page.getByRole('dialog', { name: 'photo-A.png' });
  await expect(first.getByTestId('media-position')).toHaveText('1 / 3');
  await expect(first.getByTestId('media-zoom')).toHaveText('100%');
  const download = page.waitForEvent('download');
  await first.getByRole('button', { name: 'Download photo-A.png' }).click();
  expect((await download).suggestedFilename()).toBe('photo-A.png');
  await first.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'photo-B.png' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'handover.webm' }).getByTestId('viewer-video')).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('media-viewer')).toBeHidden();

  await send({ type: 'VOICE', file: { name: 'voice.wav', bytes: toneWav(1), mimeType: 'audio/wav', duration: 1 } });
  const voice = lastOfKind(page, 'VOICE');
  await expect(voice.getByTestId('voice-time')).toHaveText('0:00 / 0:01');
  await voice.getByRole('button', { name: 'Play voice message' }).click();
  await expect(voice.getByRole('button', { name: 'Play voice message' })).toBeVisible(); // played to the end
  await expect(voice.getByTestId('voice-time')).toHaveText('0:01 / 0:01');

  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
  await send({ type: 'FILE', file: { name: 'discharge.pdf', bytes: pdf, mimeType: 'application/pdf' } });
  const file = lastOfKind(page, 'FILE');
  const original = page.waitForEvent('download');
  await file.getByRole('button', { name: 'Download original' }).click();
  expect((await original).suggestedFilename()).toBe('discharge.pdf');
  await screenshot(page, 'messages-kinds-voice-file');

  await send({ type: 'LOCATION', text: JSON.stringify({ latitude: 22.2829, longitude: 114.1371, name: 'Queen Mary Hospital', address: '102 Pok Fu Lam Road' }) });
  await expect(lastOfKind(page, 'LOCATION').getByTestId('location-card')).toContainText('Queen Mary Hospital102 Pok Fu Lam Road22.28290, 114.13710');
  await send({ type: 'CONTACT', text: JSON.stringify({ name: 'Chan Tai Man', tel: '+852 2255 3838', email: 'tm.chan@example.org' }) });
  await expect(lastOfKind(page, 'CONTACT').getByTestId('contact-card')).toContainText('Tel+852 2255 3838');
  await send({ type: 'CONTACT', text: JSON.stringify({ name: 'Dr Wong', title: 'Consultant', hospital: 'QMH', department: 'Medicine', zoomPmi: '123 456 789' }) });
  await expect(lastOfKind(page, 'CONTACT').getByTestId('business-card')).toContainText('HospitalQMH');
  await expect(lastOfKind(page, 'CONTACT').getByTestId('business-card')).toContainText('Zoom PMI123 456 789');

  const categories = ok(await other.api.getStickerCategories({})).stickerCategories ?? [];
  const category = categories[0]!;
  const sticker = (ok(await other.api.getStickers({ stickerCategoryId: category.stickerCategoryId })).stickers ?? [])[0]!;
  await send({ type: 'STICKER', text: JSON.stringify({ stickerCategoryId: category.stickerCategoryId, stickerId: sticker.stickerId }) });
  await expect(lastOfKind(page, 'STICKER').getByRole('img', { name: sticker.emojis ?? 'Sticker' })).toBeVisible();
  await screenshot(page, 'messages-kinds-cards');

  await send({ type: 'BAPP', text: JSON.stringify({ name: 'Duty roster', description: 'Check your shifts', url: 'https://apps.example.org/roster' }) });
  await expect(lastOfKind(page, 'BAPP').getByRole('link', { name: 'Open app' })).toHaveAttribute('href', 'https://apps.example.org/roster');
  await send({ type: 'DATETIME', text: JSON.stringify({ datetime: Date.UTC(2026, 11, 24, 10, 30), text: 'Team lunch' }) });
  await expect(lastOfKind(page, 'DATETIME').getByTestId('datetime-card')).toContainText('Team lunch');
  await expect(lastOfKind(page, 'DATETIME').getByTestId('datetime-card')).toContainText('December 24, 2026');
  await send({ type: 'JSONCARD', text: JSON.stringify({ patient: 'Bed 12', status: 'Stable', checked: true }) });
  await expect(lastOfKind(page, 'JSONCARD').getByTestId('json-card')).toContainText('patientBed 12statusStablecheckedtrue');
  await send({ type: 'DISMISS_MC', text: '{}' });
  await expect(lastOfKind(page, 'DISMISS_MC')).toContainText('This question was dismissed');
  await send({ type: 'LOCATION', text: 'somewhere' });
  await expect(lastOfKind(page, 'LOCATION')).toContainText('This message type is not supported');

  // REQUEST is answered with a reply; MC with answermcmessage.
  await send({ type: 'REQUEST', text: JSON.stringify({ text: 'Can you cover the night shift?', options: [{ id: 'y', label: 'Yes' }, { id: 'n', label: 'No' }] }) });
  await lastOfKind(page, 'REQUEST').getByRole('button', { name: 'Yes' }).click();
  const answer = page.locator('[data-testid="message"][data-own="true"]').last();
  await expect(answer).toContainText('Can you cover the night shift?');
  await expect(answer).toHaveAttribute('data-message-id', /^\d+$/);
  await send({ type: 'MC', text: JSON.stringify({ text: 'Which ward?', options: [{ id: 'a', label: 'Ward A' }, { id: 'b', label: 'Ward B' }] }) });
  await lastOfKind(page, 'MC').getByRole('button', { name: 'Ward B' }).click();
  await expect(lastOfKind(page, 'MC').getByRole('status')).toHaveText('You answered: Ward B');
  await screenshot(page, 'messages-kinds-answers');
});

test('forward reaches several rooms but never a read-only one; select mode forwards and deletes several; a no-forward policy hides Forward; drafts stay per room', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  const third = await person(csd.server, `third${people}`, `Third ${people}`);
  const toThird = String(ok(await third.api.createSingleRoom({ memberId: String(me.id) })).roomId);
  const readOnly = String(ok(await other.api.createMultipleRoom({ roomName: `Read only ${people}`, memberIds: [String(me.id)] })).roomId);
  ok(await other.api.updateRoomPolicy({ roomId: readOnly, policyAttr: [{ attr: 'SEND_MESSAGE', value: 2 }] }));
  const noForward = String(ok(await other.api.createMultipleRoom({ roomName: `No forward ${people}`, memberIds: [String(me.id)] })).roomId);
  ok(await other.api.updateRoomPolicy({ roomId: noForward, policyAttr: [{ attr: 'ALLOW_FORWARD_MSG', value: 0 }] }));
  await sendTexts(other, noForward, ['Not for sharing']);
  await sendTexts(other, roomId, ['Bed one ready', 'Bed two ready', 'Bed three ready']);
  expect(toThird).not.toBe(roomId);

  const page = await openPage();
  await openRoom(page, me, 'Sender');
  const bubble = (text: string) => page.getByTestId('message').filter({ hasText: text });
  await bubble('Bed one ready').hover();
  await bubble('Bed one ready').getByRole('button', { name: 'Forward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forward to' });
  const rooms = dialog.getByTestId('forward-rooms');
  await expect(rooms.getByRole('checkbox', { name: `Third ${people}` })).toBeVisible();
  await expect(rooms.getByRole('checkbox', { name: `No forward ${people}` })).toBeVisible();
  await expect(rooms.getByRole('checkbox', { name: `Read only ${people}` })).toHaveCount(0);
  await dialog.getByRole('searchbox', { name: 'Search chats' }).fill('third');
  await expect(rooms.getByRole('checkbox')).toHaveCount(1);
  await rooms.getByRole('checkbox', { name: `Third ${people}` }).check();
  await screenshot(page, 'messages-forward-picker');
  await dialog.getByRole('button', { name: 'Forward to 1 chat' }).click();
  await expect(dialog).toBeHidden();

  // Select mode: two messages forwarded at once, then two deleted for me.
  await (await moreAction(page, 'Select messages')).click();
  await bubble('Bed two ready').getByRole('checkbox', { name: 'Select message' }).check();
  await bubble('Bed three ready').getByRole('checkbox', { name: 'Select message' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  await screenshot(page, 'messages-select-mode');
  await page.getByRole('button', { name: 'Forward selected' }).click();
  await dialog.getByRole('checkbox', { name: `Third ${people}` }).check();
  await dialog.getByRole('button', { name: 'Forward to 1 chat' }).click();
  await expect(page.getByTestId('selected-count')).toBeHidden();

  await (await moreAction(page, 'Select messages')).click();
  await bubble('Bed one ready').getByRole('checkbox', { name: 'Select message' }).check();
  await bubble('Bed two ready').getByRole('checkbox', { name: 'Select message' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('alertdialog', { name: 'Delete messages' }).getByRole('button', { name: 'Delete selected' }).click();
  await expect(bubble('Bed one ready')).toHaveCount(0);
  await expect(bubble('Bed two ready')).toHaveCount(0);
  await expect(bubble('Bed three ready')).toBeVisible();

  await roomRow(page, `Third ${people}`).click();
  for (const text of ['Bed one ready', 'Bed two ready', 'Bed three ready']) await expect(bubble(text)).toContainText('Forwarded');

  await roomRow(page, `No forward ${people}`).click();
  await bubble('Not for sharing').hover();
  await expect(bubble('Not for sharing').getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(bubble('Not for sharing').getByRole('button', { name: 'Forward' })).toHaveCount(0);

  // Drafts stay with their room while switching and across a reload.
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  const openChat = async (name: string) => {
    await roomRow(page, name).click();
    await expect(page.getByTestId('chat-title')).toContainText(name);
  };
  await openChat(`Sender ${people}`);
  await composer.fill('Unsent handover note');
  await openChat(`Third ${people}`);
  await expect(composer).toHaveValue('');
  await openChat(`Sender ${people}`);
  await expect(composer).toHaveValue('Unsent handover note');
  await page.reload();
  await openChat(`Sender ${people}`);
  await expect(composer).toHaveValue('Unsent handover note');
});

test('message info lists who read and who was notified; in-room search, starred and media lists page with their empty states', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  await sendTexts(other, roomId, ['Rota for Monday', 'Lunch at noon', 'rota change for Tuesday']);
  const page = await openPage();
  await openRoom(page, me, 'Sender');
  const bubble = (text: string) => page.getByTestId('message').filter({ hasText: text });
  const panel = (name: string) => page.getByTestId(`panel-page-${name}`);

  await (await moreAction(page, 'Media and files')).click();
  await expect(panel('medialist').getByTestId('empty-state')).toHaveText('No Image Found');
  await panel('medialist').getByRole('button', { name: 'Files' }).click();
  await expect(panel('medialist').getByTestId('empty-state')).toHaveText('No Document Found');
  await (await moreAction(page, 'Starred messages')).click();
  await expect(panel('starredmessagelist').getByTestId('empty-state')).toHaveText('No Starred Message');

  await bubble('Lunch at noon').hover();
  await bubble('Lunch at noon').getByRole('button', { name: 'Star', exact: true }).click();
  await expect(bubble('Lunch at noon').getByRole('img', { name: 'Starred' })).toBeVisible();
  await (await moreAction(page, 'Starred messages')).click();
  await expect(panel('starredmessagelist').getByTestId('list-message')).toHaveCount(1);
  await expect(panel('starredmessagelist').getByTestId('list-message')).toContainText('Lunch at noon');
  await screenshot(page, 'messages-starred-list');

  await page.getByRole('button', { name: 'Search messages' }).click();
  const search = panel('searchmessagelist').getByRole('searchbox', { name: 'Search in this chat' });
  await search.fill('ROTA');
  await search.press('Enter');
  await expect(panel('searchmessagelist').getByTestId('list-message')).toHaveText([/rota change for Tuesday/, /Rota for Monday/]);
  await screenshot(page, 'messages-search-list');
  await search.fill('zebra');
  await search.press('Enter');
  await expect(panel('searchmessagelist').getByTestId('empty-state')).toHaveText('No Result');

  for (const letter of ['C', 'D']) {
    const bytes = await letterImage({ size: 120, colour: '#1A7F37', letter, shape: 'circle' });
    await sendKind(other, roomId, { type: 'IMAGE', file: { name: `scan-${letter}.png`, bytes, mimeType: 'image/png', width: 120, height: 120 } });
  }
  await sendKind(other, roomId, { type: 'FILE', file: { name: 'ward-rota.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), mimeType: 'application/pdf' } });
  await expect(lastOfKind(page, 'FILE')).toContainText('ward-rota.pdf');
  await (await moreAction(page, 'Media and files')).click();
  await expect(panel('medialist').getByTestId('media-thumb').locator('img')).toHaveCount(2);
  await screenshot(page, 'messages-media-list');
  await panel('medialist').getByRole('button', { name: 'Open image scan-C.png' }).click();
  await expect(page.getByRole('dialog', { name: 'scan-C.png' }).getByTestId('media-position')).toHaveText('1 / 2');
  await page.keyboard.press('Escape');
  await panel('medialist').getByRole('button', { name: 'Files' }).click();
  await expect(panel('medialist').getByTestId('list-message')).toHaveCount(1);
  await expect(panel('medialist').getByTestId('file-name')).toHaveText('ward-rota.pdf');

  // Message info: one message read, the other only notified.
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  for (const text of ['Please confirm the rota', 'Second reminder']) {
    await composer.fill(text);
    await composer.press('Enter');
    await expect(bubble(text)).toHaveAttribute('data-message-id', /^\d+$/);
  }
  const readId = await bubble('Please confirm the rota').getAttribute('data-message-id');
  const notifiedId = await bubble('Second reminder').getAttribute('data-message-id');
  ok(await other.api.markReadAesMessages({ roomId, messageIds: [readId!] }));
  ok(await other.api.markNotifiedAesMessages({ roomId, messageIds: [notifiedId!] }));
  await bubble('Please confirm the rota').hover();
  await bubble('Please confirm the rota').getByRole('button', { name: 'Message info' }).click();
  const info = panel('messageInfo');
  await expect(info.getByTestId('total-recipients')).toHaveText('Total recipients: 1');
  await expect(info.getByTestId('read-list')).toContainText('Sender');
  await expect(info.getByTestId('read-list')).not.toContainText('Not read yet');
  await expect(info.getByTestId('notified-list')).not.toContainText('Sender');
  await screenshot(page, 'messages-message-info');
  await bubble('Second reminder').hover();
  await bubble('Second reminder').getByRole('button', { name: 'Message info' }).click();
  await expect(info.getByTestId('notified-list')).toContainText('Sender');
  await expect(info.getByTestId('notified-list')).not.toContainText('Not notified yet');
  await expect(info.getByTestId('read-list')).not.toContainText('Sender');
});

test('a poll created in the client is voted and unvoted live on the other side; a sticker from the picker arrives; no microphone is said', async ({ openPage }) => {
  const { me, other } = await pair();
  const mine = await openPage();
  const theirs = await openPage();
  await openRoom(mine, me, 'Sender');
  await openRoom(theirs, other, 'Viewer');

  await mine.getByRole('button', { name: 'Create poll' }).click();
  const form = mine.getByRole('dialog', { name: 'Create poll' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in the topic');
  await form.getByRole('textbox', { name: 'Topic' }).fill('Team lunch?');
  await form.getByRole('textbox', { name: 'Option 1' }).fill('Noodles');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toHaveText('Options must between 2 to 8');
  await form.getByRole('textbox', { name: 'Option 2' }).fill('R'.repeat(201)); // over the send call's 200
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toHaveText('Option 2 can be at most 200 characters');
  await form.getByRole('textbox', { name: 'Option 2' }).fill('Rice');
  await form.getByRole('button', { name: 'Add option' }).click();
  await form.getByRole('textbox', { name: 'Option 3' }).fill('Salad');
  await screenshot(mine, 'messages-create-poll');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();

  const myPoll = lastOfKind(mine, 'POLLING').getByTestId('poll');
  const theirPoll = lastOfKind(theirs, 'POLLING').getByTestId('poll');
  await expect(myPoll).toContainText('Team lunch?');
  await expect(theirPoll.getByTestId('poll-option')).toHaveCount(3);
  const rice = (poll: typeof myPoll) => poll.getByTestId('poll-option').filter({ hasText: 'Rice' });
  await rice(theirPoll).getByRole('button', { name: 'Rice' }).click();
  await expect(rice(theirPoll)).toHaveAttribute('data-voted', 'true');
  await expect(rice(myPoll).getByTestId('poll-votes')).toHaveText('1 vote');
  await expect(rice(myPoll)).toHaveAttribute('data-voted', 'false');
  await rice(myPoll).getByRole('button', { name: 'Rice' }).click();
  await expect(rice(theirPoll).getByTestId('poll-votes')).toHaveText('2 votes');
  await screenshot(theirs, 'messages-poll-voted');
  await rice(theirPoll).getByRole('button', { name: 'Rice' }).click();
  await expect(rice(myPoll).getByTestId('poll-votes')).toHaveText('1 vote');
  await expect(rice(theirPoll)).toHaveAttribute('data-voted', 'false');

  await myPoll.getByRole('button', { name: 'Poll results' }).click();
  const results = mine.getByTestId('panel-page-pollingresult');
  await expect(results).toContainText('Rice1 vote');
  await results.getByRole('button', { name: /Rice/ }).click();
  // Rice's voters: only the viewer's own vote is left (the other member took theirs back).
  const voters = mine.getByTestId('panel-page-pollingresultlist');
  await expect(voters).toContainText('You');
  await expect(voters).not.toContainText('Viewer');
  await screenshot(mine, 'messages-poll-results');

  await mine.getByRole('button', { name: 'Stickers' }).click();
  const picker = mine.getByRole('dialog', { name: 'Stickers' });
  await expect(picker.getByTestId('sticker-grid').getByRole('button').first()).toBeVisible();
  await screenshot(mine, 'messages-sticker-picker');
  await picker.getByTestId('sticker-grid').getByRole('button').first().click();
  await expect(picker).toBeHidden();
  await expect(lastOfKind(theirs, 'STICKER').getByTestId('sticker').locator('img')).toBeVisible();
  await expect(lastOfKind(mine, 'STICKER').getByTestId('sticker').locator('img')).toBeVisible();

  // This browser has no microphone (the fake devices are messages-compose.e2e.ts's).
  await mine.getByRole('button', { name: 'Record voice message' }).click();
  await expect(mine.getByText('No microphone found (check it is connected)')).toBeVisible();
  await expect(mine.getByTestId('voice-recorder')).toHaveCount(0);
});

test('a search result and a starred message far back in the history open in the chat, highlighted, with the history around them', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  const notes = Array.from({ length: 90 }, (_, index) => (index === 4 ? 'Needle: theatre list moved' : `Ward note ${String(index + 1).padStart(2, '0')}`));
  const ids = await sendTexts(other, roomId, notes);
  ok(await me.api.starAesMessages({ roomId, messageIds: [ids[11]!] }));
  const page = await openPage();
  await openRoom(page, me, 'Sender');
  const bubble = (text: string) => page.getByTestId('message').filter({ hasText: text });
  const highlighted = page.locator('[data-highlighted]');
  await expect(bubble('Ward note 90')).toBeVisible();

  await page.getByRole('button', { name: 'Search messages' }).click();
  const search = page.getByTestId('panel-page-searchmessagelist').getByRole('searchbox', { name: 'Search in this chat' });
  await search.fill('needle');
  await search.press('Enter');
  await page.getByTestId('panel-page-searchmessagelist').getByTestId('list-message').filter({ hasText: 'Needle: theatre list moved' }).getByRole('button').click();
  await expect(highlighted).toContainText('Needle: theatre list moved');
  await expect(bubble('Needle: theatre list moved')).toBeInViewport();
  await expect(bubble('Ward note 90')).toHaveCount(0);
  await screenshot(page, 'messages-jump-search');

  await (await moreAction(page, 'Starred messages')).click();
  await page.getByTestId('panel-page-starredmessagelist').getByTestId('list-message').filter({ hasText: 'Ward note 12' }).getByRole('button').click();
  await expect(highlighted).toContainText('Ward note 12');
  await expect(bubble('Ward note 12')).toBeInViewport();
  await screenshot(page, 'messages-jump-starred');

  // Scrolling down from there reaches the newest messages again, and new ones arrive at the live end.
  const list = page.getByTestId('message-list');
  await expect(list).toHaveAttribute('data-has-newer', 'true');
  await expect(async () => {
    await list.evaluate((element) => (element.scrollTop = element.scrollHeight));
    await expect(list).toHaveAttribute('data-has-newer', 'false', { timeout: 1000 });
  }).toPass();
  await expect(bubble('Ward note 90')).toBeVisible();
  await sendTexts(other, roomId, ['Live after the jump']);
  await expect(bubble('Live after the jump')).toBeVisible();
});

test("a room whose policy asks for watermarks shows the reader's name over its messages and media, and one that forbids copying blocks it", async ({ openPage }) => {
  const { me, other } = await pair();
  const roomId = String(ok(await other.api.createMultipleRoom({ roomName: `Protected ${people}`, memberIds: [String(me.id)] })).roomId);
  ok(
    await other.api.updateRoomPolicy({
      roomId,
      policyAttr: [
        { attr: 'SHOW_MSG_WATERMARK', value: 1 },
        { attr: 'SHOW_MEDIA_WATERMARK', value: 1 },
        { attr: 'ALLOW_COPY', value: 0 },
      ],
    }),
  );
  await sendTexts(other, roomId, ['Patient list for ward 7']);
  const bytes = await letterImage({ size: 120, colour: '#1D4E89', letter: 'P', shape: 'square' });
  await sendKind(other, roomId, { type: 'IMAGE', file: { name: 'chart.png', bytes, mimeType: 'image/png', width: 120, height: 120 } });
  const page = await openPage();
  await openRoom(page, me, `Protected ${people}`);
  await expect(page.getByTestId('message-watermark').locator('span').first()).toHaveText(`Viewer ${people} ${me.loginName}`);

  const bubble = page.getByTestId('message').filter({ hasText: 'Patient list for ward 7' });
  const copied = await bubble.evaluate((element) => {
    getSelection()?.selectAllChildren(element);
    return element.dispatchEvent(new ClipboardEvent('copy', { bubbles: true, cancelable: true }));
  });
  expect(copied).toBe(false); // the copy was cancelled
  await expect(page.getByText('According to the room policy, messages in this chat cannot be copied')).toBeVisible();
  await screenshot(page, 'messages-watermark');

  await lastOfKind(page, 'IMAGE').getByRole('button', { name: 'Open image chart.png' }).click();
  await expect(page.getByRole('dialog', { name: 'chart.png' }).getByTestId('media-watermark')).toBeVisible();
  await screenshot(page, 'messages-media-watermark');
});
