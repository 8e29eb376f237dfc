// Reading history and counts in the CSD client against the reference server: a room of 1,000 messages scrolls
// back to its first message with the 200-kept window sliding (dropped at the far end, fetched again when scrolled
// back) and the rows on screen holding still while pages arrive; unread badges follow the server after reading,
// after a reload and in a second tab; a message arriving while the one before it is fetched is not lost, nor a recall
// while an older page is on its way, and a chat's quick messages show in its row from the pushes alone.
import type { Page, Route } from '@playwright/test';
import { person, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { countNotices, holdNextAnswer } from './support/held-answer.ts';
import { sendTexts } from './support/room-helpers.ts';

const csd = serveVariant('CSD');
const isReceive = (url: string) => url.endsWith('/chat/sec/message/receiveaesmessages');
const label = (n: number) => `Message ${String(n).padStart(4, '0')}`;

async function chat(reader: string, writer: string): Promise<{ me: Person; other: Person; roomId: string }> {
  const me = await person(csd.server, reader, `${reader[0]!.toUpperCase()}${reader.slice(1)} Reader`);
  const other = await person(csd.server, writer, `${writer[0]!.toUpperCase()}${writer.slice(1)} Writer`);
  const created = await other.api.createSingleRoom({ memberId: String(me.id) });
  if (!created.ok) throw new Error('could not open the chat');
  return { me, other, roomId: String(created.data.roomId) };
}

const list = (page: Page) => page.getByTestId('message-list');
const firstShownId = (page: Page) => page.getByTestId('message').first().getAttribute('data-message-id');

test('a room of 1,000 messages scrolls back to its first message; the 200 kept slide and come back; rows hold still', async ({ openPage }) => {
  test.setTimeout(240_000);
  const { me, other, roomId } = await chat('historian', 'chronicler');
  await sendTexts(other, roomId, Array.from({ length: 1000 }, (_, index) => label(index + 1)));

  const page = await openPage();
  let receives = 0;
  let answers = 0;
  page.on('request', (request) => {
    if (isReceive(request.url())) receives += 1;
  });
  page.on('response', (response) => {
    if (isReceive(response.url())) answers += 1;
  });
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  await page.getByTestId('room-row').filter({ hasText: 'Chronicler Writer' }).click();
  await expect(page.getByTestId('message').filter({ hasText: label(1000) })).toBeVisible();
  // The list first settles at its newest message (it scrolls there again while the rows drawn are measured): a scroll
  // made before that is taken back.
  const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const scrollTop = () => list(page).evaluate((element) => element.scrollTop);
  await expect.poll(async () => {
    const top = await scrollTop();
    await frames();
    return top === (await scrollTop());
  }).toBe(true);

  // An older page is held back while the reader is at the top: the row on screen must not move when it lands.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route('**/chat/sec/message/receiveaesmessages', hold);
  const heldRequest = page.waitForRequest((request) => isReceive(request.url()));
  await list(page).evaluate((element) => (element.scrollTop = 0));
  await heldRequest;
  const before = await firstShownId(page);
  const watched = page.locator(`[data-testid="message"][data-message-id="${before}"]`);
  // Where the row is once the rows scrolled into view are measured (the date separator above it moves it then).
  const settledTop = async () => {
    const top = (await watched.boundingBox())!.y;
    await frames();
    return top === (await watched.boundingBox())!.y ? top : null;
  };
  let topBefore: number | null = null;
  await expect.poll(async () => (topBefore = await settledTop())).not.toBeNull();
  release();
  await expect.poll(() => firstShownId(page)).not.toBe(before);
  await expect(list(page)).toHaveAttribute('aria-busy', 'false');
  let topAfter: number | null = null;
  await expect.poll(async () => (topAfter = await settledTop())).not.toBeNull();
  expect(Math.abs(topAfter! - topBefore!)).toBeLessThanOrEqual(2);
  await page.unroute('**/chat/sec/message/receiveaesmessages', hold);

  // Up to the first message, never more than 200 kept.
  const first = page.getByTestId('message').filter({ hasText: label(1) });
  // Each step is one older page answered and in the list (scrolling to the top only redraws the top rows at first,
  // and a scroll made while a page was loading asks for nothing: it is made again until a page is asked for).
  for (let step = 0; step < 80 && !(await first.isVisible()); step += 1) {
    const answered = answers;
    await expect.poll(async () => {
      if (answers > answered || (await first.isVisible())) return true;
      await list(page).evaluate((element) => (element.scrollTop = 0));
      return false;
    }).toBe(true);
    await expect(list(page)).toHaveAttribute('aria-busy', 'false');
    expect(Number(await list(page).getAttribute('data-kept'))).toBeLessThanOrEqual(200);
  }
  await expect(first).toBeVisible();
  await expect(list(page)).toHaveAttribute('data-has-older', 'false');
  await expect(list(page)).toHaveAttribute('data-has-newer', 'true'); // the newest slid out
  await expect(list(page)).toHaveAttribute('data-kept', '200');
  await expect(page.getByTestId('message').filter({ hasText: label(1000) })).toHaveCount(0);
  await screenshot(page, 'history-first-message');

  // Back down: the dropped pages are fetched again, up to the newest message.
  const receivesAtTop = receives;
  const newest = page.getByTestId('message').filter({ hasText: label(1000) });
  for (let step = 0; step < 80 && !(await newest.isVisible()); step += 1) {
    await list(page).evaluate((element) => (element.scrollTop = element.scrollHeight));
    await expect(list(page)).toHaveAttribute('aria-busy', 'false');
  }
  await expect(newest).toBeVisible();
  await expect(list(page)).toHaveAttribute('data-has-newer', 'false');
  expect(receives - receivesAtTop).toBeGreaterThanOrEqual(30);
  expect(Number(await list(page).getAttribute('data-kept'))).toBeLessThanOrEqual(200);
});

test('unread badges follow the server: cleared by reading, still cleared after a reload, cleared in the second tab', async ({ openPage }) => {
  const { me, other, roomId } = await chat('badger', 'sender');
  await sendTexts(other, roomId, Array.from({ length: 45 }, (_, index) => `Unread ${index + 1}`));

  const tab = await openPage();
  await login(tab, csd.url, me.loginName, TEST_PASSWORD);
  await expect(tab).toHaveURL(/\/chatroom$/);
  const second = await tab.context().newPage(); // the same browser: the session carries over
  await second.goto(`${csd.url}/chatroom`);
  const badgeIn = (page: Page) => page.getByTestId('room-row').filter({ hasText: 'Sender Writer' }).getByRole('img', { name: /unread message/ });
  await expect(badgeIn(tab)).toHaveText('45');
  await expect(badgeIn(second)).toHaveText('45');

  await tab.getByTestId('room-row').filter({ hasText: 'Sender Writer' }).click();
  await expect(tab.getByTestId('message').filter({ hasText: 'Unread 45' })).toBeVisible();
  // The server knows every one of the 45 read (more than the first page of 25 shown).
  await expect.poll(async () => {
    const result = await me.api.getLastMessage({ roomId, withUnreadCount: true });
    return result.ok ? result.data.noOfUnreadMessage : -1;
  }).toBe(0);
  await expect(badgeIn(tab)).toHaveCount(0);
  await expect(badgeIn(second)).toHaveCount(0);
  await screenshot(second, 'badge-cleared-second-tab');

  await tab.reload();
  await expect(tab.getByTestId('room-row').filter({ hasText: 'Sender Writer' })).toContainText('Unread 45');
  await expect(badgeIn(tab)).toHaveCount(0);

  // A new message counts again, and reading it clears it in both tabs.
  await sendTexts(other, roomId, ['One more']);
  await expect(badgeIn(tab)).toHaveText('1');
  await expect(badgeIn(second)).toHaveText('1');
  await second.getByTestId('room-row').filter({ hasText: 'Sender Writer' }).click();
  await expect(second.getByTestId('message').filter({ hasText: 'One more' })).toBeVisible();
  await expect(badgeIn(tab)).toHaveCount(0);
});

test('a message recalled while an older page is on its way stays recalled when that page lands', async ({ openPage }) => {
  const { me, other, roomId } = await chat('recipient', 'recaller');
  const ids = await sendTexts(other, roomId, Array.from({ length: 40 }, (_, index) => label(index + 1)));
  const page = await openPage();
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  await page.getByTestId('room-row').filter({ hasText: 'Recaller Writer' }).click();
  const bubble = (n: number) => page.getByTestId('message').filter({ hasText: label(n) });
  await expect(bubble(40)).toBeVisible();
  await expect(list(page)).toHaveAttribute('aria-busy', 'false');

  // The older page is read on the server before the recall and its answer held until the recall's notice is shown:
  // it is built on the window as it was before the notice.
  const held = await holdNextAnswer(page, '/chat/sec/message/receiveaesmessages');
  let asked = false;
  void held.answered.then(() => (asked = true));
  // Scrolled to the top until the older page is asked for, as a reader scrolls again: on a busy machine the list's
  // settling at the newest message (the rows measured after the first render) can take the first scroll back.
  await expect
    .poll(async () => {
      if (!asked) await list(page).evaluate((element) => (element.scrollTop = 0));
      return asked;
    }, { timeout: 30_000, message: 'the older page is asked for' })
    .toBe(true);
  const recalled = await other.api.deleteAesMessages({ roomId, messageIds: [ids[19]!] });
  expect(recalled.ok).toBe(true);
  await expect(bubble(20)).toHaveCount(0);
  await held.release();
  await expect(list(page)).toHaveAttribute('data-has-older', 'false');
  await expect(list(page)).toHaveAttribute('aria-busy', 'false');
  await expect(bubble(21)).toBeAttached();
  await expect(bubble(20)).toHaveCount(0);
  await expect(page.locator(`[data-testid="message"][data-message-id="${ids[19]}"]`)).toContainText('This message was deleted');
  await screenshot(page, 'history-recalled-while-paging');
  await held.stop();
});

/** The reader's room list, signed in, with the writer's chat in it holding one unread message. */
async function listWithChat(page: Page, reader: string, writer: string) {
  const { me, other, roomId } = await chat(reader, writer);
  await sendTexts(other, roomId, ['Already here']);
  const newMessageNotices = countNotices(page, 'NEW_MESSAGE');
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  const row = page.getByTestId('room-row').filter({ hasText: `${writer[0]!.toUpperCase()}${writer.slice(1)} Writer` });
  await expect(row.getByTestId('room-preview')).toHaveText('Already here');
  return { me, other, roomId, row, newMessageNotices };
}

test("a chat's new messages in quick succession show in its row and count, from the pushes alone", async ({ openPage }) => {
  const page = await openPage();
  const { other, roomId, row, newMessageNotices } = await listWithChat(page, 'tallier', 'burster');
  await expect(row.getByRole('img', { name: /unread message/ })).toHaveText('1');
  const summaries: string[] = [];
  page.on('request', (request) => {
    if (/\/chat\/sec\/room\/(getlastmessage|getroomlist)$/.test(request.url())) summaries.push(request.url());
  });

  await sendTexts(other, roomId, ['First of two', 'Second of two']);
  await expect.poll(newMessageNotices).toBe(2);
  await expect(row.getByTestId('room-preview')).toHaveText('Second of two');
  await expect(row.getByRole('img', { name: /unread message/ })).toHaveText('3');
  expect(summaries).toEqual([]);
  await screenshot(page, 'room-row-second-message-while-fetching');
});

test('a new message while the room list is being loaded again keeps its row on top with its preview and count', async ({ openPage }) => {
  const page = await openPage();
  const { me, other, roomId, row } = await listWithChat(page, 'lister', 'poster');

  // A new chat reloads the list; that load is read before the message below and its answer held until the message
  // shows in the row.
  const held = await holdNextAnswer(page, '/chat/sec/room/getroomlist');
  const third = await person(csd.server, 'opener', 'Opener Writer');
  const opened = await third.api.createSingleRoom({ memberId: String(me.id) });
  expect(opened.ok).toBe(true);
  await held.answered;
  await sendTexts(other, roomId, ['While the list loads']);
  await expect(row.getByTestId('room-preview')).toHaveText('While the list loads');
  await held.release();
  await expect(page.getByTestId('room-row').filter({ hasText: 'Opener Writer' })).toBeVisible();
  await expect(row.getByTestId('room-preview')).toHaveText('While the list loads');
  await expect(row.getByRole('img', { name: /unread message/ })).toHaveText('2');
  await expect(page.getByTestId('room-row').first()).toContainText('Poster Writer');
  await screenshot(page, 'room-list-message-while-reloading');
  await held.stop();
});
