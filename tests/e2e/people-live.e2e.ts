// A new display name or picture reaches the people who are signed in (CSD): one member renames herself and sets a
// photo in My Profile; the other, signed in all along and never reloading, sees the new name on the single chat's
// row and header, on her bubbles and quotes in a group and in its member list, and her photo on the row.
import sharp from 'sharp';
import { ok } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { pairInChat, sendTexts } from './support/room-helpers.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

test('a new display name and picture reach the others at once, in every list, header and bubble', async ({ openPage }) => {
  const { me: ben, other: amy } = await pairInChat(csd.server, ['live.ben', 'Ben Live'], ['live.amy', 'Amy Live']);
  const ward = ok(await amy.api.createMultipleRoom({ roomName: 'Live Ward', memberIds: [String(ben.id)] })).roomId;
  await sendTexts(amy, String(ward), ['Rounds at nine']);

  const bens = await openPage();
  await login(bens, csd.url, ben.loginName, TEST_PASSWORD);
  await expect(bens).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  const single = bens.getByTestId('room-row').filter({ hasText: 'Amy Live' });
  await expect(single).toBeVisible();
  await expect(single.locator('[data-picture]')).toHaveCount(0);
  await bens.getByTestId('room-row').filter({ hasText: 'Live Ward' }).click();
  const bubble = bens.getByTestId('message').filter({ hasText: 'Rounds at nine' });
  await expect(bubble.getByRole('article')).toHaveAccessibleName('Amy Live');
  // The page must not load again: a marker set now would be gone after a reload.
  await bens.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const amys = await openPage();
  await login(amys, csd.url, amy.loginName, TEST_PASSWORD);
  await expect(amys).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  await amys.getByRole('button', { name: 'Settings' }).click();
  await amys.getByTestId('settings-menu').getByRole('button', { name: 'My Profile' }).click();
  const profile = amys.getByTestId('panel-page-personalinfo');
  await profile.getByLabel('Display Name').fill('Amy Renamed');
  await profile.getByRole('button', { name: 'Save' }).first().click();
  await expect(amys.getByText('Saved')).toBeVisible();

  // Ben's open group: her bubble, and the room's member list.
  await expect(bubble.getByRole('article')).toHaveAccessibleName('Amy Renamed');
  await expect(bubble.getByText('Amy Renamed', { exact: true })).toBeVisible();
  // Ben's list: the single chat is titled with her new name.
  const renamed = bens.getByTestId('room-row').filter({ hasText: 'Amy Renamed' });
  await expect(renamed).toBeVisible();
  await expect(bens.getByTestId('room-row').filter({ hasText: 'Amy Live' })).toHaveCount(0);

  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#2e7d32' } }).png().toBuffer();
  await profile.getByLabel('Choose a profile photo').setInputFiles({ name: 'amy.png', mimeType: 'image/png', buffer: png });
  await expect(profile.getByTestId('my-photo')).toBeVisible();
  await expect(renamed.locator('[data-picture="true"] img')).toBeVisible();

  // The single chat's header and the group's member list have the new name too.
  await renamed.click();
  await expect(bens.getByTestId('chat-title')).toHaveText('Amy Renamed');
  await screenshot(bens, 'people-live-renamed');
  await bens.getByTestId('room-row').filter({ hasText: 'Live Ward' }).click();
  await bens.getByRole('button', { name: 'Chat info' }).click();
  await expect(bens.getByTestId('panel-page-chatroominfo').getByText('Amy Renamed')).toBeVisible();
  expect(await bens.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
