// New conversations in the CSD client as the seed's left-panel pages: selectroomtype → selectroommember (the account
// selector's company, chats and advanced search tabs) → createchat / createroom, against the reference server; the
// room list's pictures (a person's photo, a group's picture).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ok, person, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');
const rowOf = (page: Page, name: string) => page.getByTestId('room-row').filter({ hasText: name });

async function picture(colour: string): Promise<Blob> {
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: colour } }).png().toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

async function signedIn(page: Page, who: Person): Promise<void> {
  await login(page, csd.url, who.loginName, TEST_PASSWORD);
  // A login makes a device key pair and waits for the password hash: slow on a busy machine.
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
}

test('a chat and a group are started through the room type, the account selector and the create pages', async ({ openPage }) => {
  const alice = await person(csd.server, 'crea.alice', 'Crea Alice');
  const bob = await person(csd.server, 'crea.bob', 'Crea Bob');
  const carol = await person(csd.server, 'crea.carol', 'Crea Carol');
  ok(await carol.api.saveAccountProfileImage({}, { files: [await picture('#cc3366')] }));
  ok(await alice.api.createSingleRoom({ memberId: String(bob.id) }));
  const mine = await openPage();
  const bobs = await openPage();
  await signedIn(mine, alice);
  await signedIn(bobs, bob);

  // New chat: the room types the variant offers.
  await mine.getByRole('button', { name: 'New chat' }).click();
  const types = mine.getByTestId('panel-page-selectroomtype');
  await expect(types.getByRole('button', { name: 'Group' })).toBeVisible();
  // Alice is no delegate: no broadcast among the kinds (tests/e2e/offers.e2e.ts proves a delegate's).
  await expect(types.getByRole('button', { name: 'Create broadcast' })).toHaveCount(0);
  await screenshot(mine, 'rooms-selectroomtype');
  await types.getByRole('button', { name: 'Chat with a person' }).click();

  // The selector: nothing chosen is refused; the chats tab lists the people of my single chats only.
  const select = mine.getByTestId('panel-page-selectroommember');
  await select.getByRole('button', { name: 'Next' }).click();
  await expect(select.getByRole('alert')).toHaveText('Chat Member is missing');
  await select.getByRole('tab', { name: 'Chats' }).click();
  await expect(select.getByText('Crea Bob')).toBeVisible();
  await expect(select.getByText('Crea Carol')).toBeHidden();
  await screenshot(mine, 'rooms-selectroommember-chats');

  // Advanced search: the server's criteria; a name finds Carol, who is chosen and the chat starts.
  await select.getByRole('tab', { name: 'Advanced search' }).click();
  const criteria = select.getByRole('form', { name: 'Advanced search' });
  await criteria.getByRole('button', { name: 'Search' }).click();
  await expect(criteria.getByRole('alert')).toHaveText('Fill in at least one search field');
  await criteria.getByLabel('Name', { exact: true }).fill('crea carol');
  await criteria.getByRole('group', { name: 'Department Name' }).getByLabel('Test Department').check();
  await criteria.getByRole('button', { name: 'Search' }).click();
  await select.getByText('Crea Carol').click();
  await screenshot(mine, 'rooms-selectroommember-advanced');
  await select.getByRole('button', { name: 'Next' }).click();
  const chat = mine.getByTestId('panel-page-createchat');
  await expect(chat).toContainText('Crea Carol');
  await screenshot(mine, 'rooms-createchat');
  await chat.getByRole('button', { name: 'Start chat' }).click();
  await expect(mine.getByTestId('chat-title')).toHaveText('Crea Carol');
  await expect(chat).toBeHidden();
  // The room list shows the other person's photo; the chat's info shows her profile (single-room member info).
  await expect(rowOf(mine, 'Crea Carol').locator('[data-picture="true"]')).toBeVisible();
  await mine.getByRole('button', { name: 'Chat info' }).click();
  await expect(mine.getByTestId('single-member-info')).toContainText('crea.carol');
  await expect(mine.getByTestId('single-member-info').getByRole('button', { name: 'Chat Now' })).toHaveCount(0);
  await screenshot(mine, 'rooms-single-member-info');
  await mine.getByTestId('right-panel').getByRole('button', { name: 'Close details' }).click();

  // New group: two people from the company tab, one left out again on the create page; the seed's checks.
  await mine.getByRole('button', { name: 'New group' }).click();
  await expect(select).toBeVisible();
  await select.getByLabel('Search people').fill('Crea');
  await select.getByText('Crea Bob').click();
  await select.getByText('Crea Carol').click();
  await expect(select.getByText('2 selected')).toBeVisible();
  await select.getByRole('button', { name: 'Next' }).click();
  const room = mine.getByTestId('panel-page-createroom');
  await room.getByRole('button', { name: 'Leave Crea Carol out' }).click();
  await expect(room.getByText('1 selected')).toBeVisible();
  const create = room.getByRole('button', { name: 'Create group' });
  await create.click();
  await expect(room.getByRole('alert')).toHaveText('Member or Room Name are missing');
  await room.getByLabel('Group name').fill('A group name far longer than allowed');
  await create.click();
  await expect(room.getByRole('alert')).toHaveText('Please check the name length');
  await room.getByLabel('Group name').fill('Crea Ward');
  // A picture chosen while creating goes with the creation; a file that is no picture is refused.
  await room.getByTestId('group-picture-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(mine.getByText('Input not valid, please check')).toBeVisible();
  await room.getByTestId('group-picture-input').setInputFiles({ name: 'ward.png', mimeType: 'image/png', buffer: Buffer.from(await (await picture('#33aa66')).arrayBuffer()) });
  await expect(room.getByTestId('group-picture-preview')).toBeVisible();
  await screenshot(mine, 'rooms-createroom');
  await create.click();
  await expect(mine.getByTestId('chat-title')).toHaveText('Crea Ward');
  await expect(rowOf(mine, 'Crea Ward').locator('[data-picture="true"]')).toBeVisible();
  await expect(rowOf(bobs, 'Crea Ward')).toBeVisible();

  // The creation's picture reaches the others' room lists; a member removing it clears it there at once.
  await expect(rowOf(bobs, 'Crea Ward').locator('[data-picture="true"]')).toBeVisible();
  await screenshot(bobs, 'rooms-list-pictures');
  const ward = ok(await alice.api.getSimpleRoomList({})).rooms.find((one) => one.roomName === 'Crea Ward');
  ok(await alice.api.removeRoomProfileImage({ roomId: ward?.roomId ?? '' }));
  await expect(rowOf(bobs, 'Crea Ward').locator('[data-picture="true"]')).toBeHidden();
});
