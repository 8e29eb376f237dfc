// The open chat's message actions and room menu as a user meets them in the CSD client: the actions toolbar sits
// beside the bubble it acts on without covering the message above (its links too), for another person's message
// and one's own; an @mention is highlighted in the bubble; and the keyboard alone reaches every action of the
// message toolbar and of the room menu (the row's and the header's).
import type { Locator, Page } from '@playwright/test';
import { ok, person, type Person } from '../support/people.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';
import { boxOf, overlaps } from './support/geometry.ts';
import { openRoomAs, pairInChat, sendTexts } from './support/room-helpers.ts';

const csd = serveVariant('CSD');
let people = 0;

async function pair(): Promise<{ me: Person; other: Person; roomId: string }> {
  people += 1;
  return pairInChat(csd.server, [`actor${people}`, `Actor ${people}`], [`writer${people}`, `Writer ${people}`]);
}


test("the actions toolbar sits beside its bubble, level with it, and covers neither the message above nor its links", async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  await sendTexts(other, roomId, ['The rota is at https://rota.example.org/ward-5 for this week', 'Short one']);
  const page = await openPage();
  await openRoomAs(page, csd.url, me, `Writer ${people}`);
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill('Mine too');
  await composer.press('Enter');
  const messages = page.getByTestId('message');
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(2).locator('[data-status="PENDING_SEND"]')).toHaveCount(0);

  // Another person's message: the toolbar starts just after the bubble's end, inside the message's own row.
  const above = messages.nth(0);
  const theirs = messages.nth(1);
  await theirs.getByRole('article').hover();
  const toolbar = theirs.getByRole('toolbar', { name: 'Message actions' });
  await expect(toolbar).toBeVisible();
  const [bubble, tools, row] = [await boxOf(theirs.getByRole('article')), await boxOf(toolbar), await boxOf(theirs)];
  expect(tools.left - bubble.right).toBeGreaterThanOrEqual(0);
  expect(tools.left - bubble.right).toBeLessThanOrEqual(12);
  expect(Math.abs(tools.top - bubble.top)).toBeLessThanOrEqual(2);
  expect(tools.top).toBeGreaterThanOrEqual(row.top);
  expect(overlaps(tools, await boxOf(above.getByRole('article')))).toBe(false);
  expect(overlaps(tools, await boxOf(above.getByRole('link')))).toBe(false);
  await screenshot(page, 'message-toolbar-other');

  // One's own: the toolbar ends just before the bubble's start.
  const mine = messages.nth(2);
  await mine.getByRole('article').hover();
  const ownTools = mine.getByRole('toolbar', { name: 'Message actions' });
  await expect(ownTools).toBeVisible();
  const [ownBubble, ownBox] = [await boxOf(mine.getByRole('article')), await boxOf(ownTools)];
  expect(ownBubble.left - ownBox.right).toBeGreaterThanOrEqual(0);
  expect(ownBubble.left - ownBox.right).toBeLessThanOrEqual(12);
  expect(Math.abs(ownBox.top - ownBubble.top)).toBeLessThanOrEqual(2);
  expect(overlaps(ownBox, await boxOf(theirs.getByRole('article')))).toBe(false);
  await screenshot(page, 'message-toolbar-own');
});

test('an @mention is highlighted in the bubble, for the sender and the member mentioned', async ({ openPage }) => {
  people += 1;
  const me = await person(csd.server, `mentioner${people}`, `Mentioner ${people}`);
  const nurse = await person(csd.server, `mentioned${people}`, `Nurse Mentioned ${people}`);
  ok(await me.api.createMultipleRoom({ roomName: `Mention Ward ${people}`, memberIds: [String(nurse.id)] }));
  const page = await openPage();
  await openRoomAs(page, csd.url, me, `Mention Ward ${people}`);
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.pressSequentially('Please see bed 4 @Nurse');
  await page.getByRole('listbox', { name: 'Mention a member' }).getByRole('option').first().click();
  await composer.pressSequentially('today');
  await composer.press('Enter');
  const sent = page.getByTestId('message').filter({ hasText: 'Please see bed 4' });
  await expect(sent.getByTestId('mention')).toHaveText(`@Nurse Mentioned ${people}`);
  await expect(sent.getByTestId('message-text')).toHaveText(`Please see bed 4 @Nurse Mentioned ${people} today`);
  await screenshot(page, 'message-mention-highlight');

  const theirs = await openPage();
  await openRoomAs(theirs, csd.url, nurse, `Mention Ward ${people}`);
  await expect(theirs.getByTestId('message').filter({ hasText: 'Please see bed 4' }).getByTestId('mention')).toHaveText(`@Nurse Mentioned ${people}`);
});

/** Presses `key` until focus has visited every element of `items` in order; returns the labels reached. */
async function walk(page: Page, items: Locator, key: string): Promise<string[]> {
  const reached: string[] = [];
  const count = await items.count();
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    await expect(item).toBeFocused();
    reached.push((await item.getAttribute('aria-label')) ?? (await item.innerText()).trim());
    if (index < count - 1) await page.keyboard.press(key);
  }
  return reached;
}

test('the keyboard alone reaches every action of the message toolbar and of the room menu', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  await sendTexts(other, roomId, ['Reachable by keys']);
  const page = await openPage();
  await openRoomAs(page, csd.url, me, `Writer ${people}`);

  // Message toolbar: Tab to the list, an arrow to the message, then Tab through each of its buttons in turn. The
  // list is a Tab stop once its history has loaded (a spinner before): on a busy machine the title shows first.
  const message = page.getByTestId('message').filter({ hasText: 'Reachable by keys' });
  await expect(message).toBeVisible();
  await page.getByRole('button', { name: 'Close chat' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('message-list')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(message).toBeFocused();
  await page.keyboard.press('Tab');
  const buttons = message.getByRole('toolbar', { name: 'Message actions' }).getByRole('button');
  const toolbarLabels = await walk(page, buttons, 'Tab');
  expect(toolbarLabels.length).toBeGreaterThanOrEqual(4);
  expect(toolbarLabels).toEqual(expect.arrayContaining(['Reply', 'Forward', 'Star', 'Delete for me']));
  await screenshot(page, 'message-toolbar-keyboard');

  // The room list row's menu: Tab from the row to its '⋯' button, Enter, then Down through every item, End and Home.
  const row = page.getByTestId('room-row').filter({ hasText: `Writer ${people}` });
  await row.getByTestId('room-open').focus();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: `Room actions for Writer ${people}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const rowMenu = page.getByRole('menu');
  await expect(rowMenu).toBeVisible();
  const rowItems = rowMenu.getByRole('menuitem');
  const rowLabels = await walk(page, rowItems, 'ArrowDown');
  expect(rowLabels.length).toBe(await rowItems.count());
  await page.keyboard.press('Home');
  await expect(rowItems.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(rowItems.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(rowMenu).toHaveCount(0);

  // The chat header's room menu: Enter on its button, then Down through every item; Enter runs the focused one.
  await page.getByTestId('room-header-menu').focus();
  await page.keyboard.press('Enter');
  const headerMenu = page.getByRole('menu');
  await expect(headerMenu).toBeVisible();
  const headerItems = headerMenu.getByRole('menuitem');
  expect(await walk(page, headerItems, 'ArrowDown')).toEqual(rowLabels);
  await screenshot(page, 'room-menu-keyboard');
  await page.keyboard.press('Home');
  await expect(headerItems.filter({ hasText: 'Pin' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('img', { name: 'Pinned' })).toBeVisible();
});
