// The open room applies what the server pushes: new messages show with no fetch, a message whose push was lost
// (the socket dropped its frames) still shows once the next push reveals the gap, a message pushed while that gap
// is being fetched shows too, and the reads go in batches. The room list does the same: previews, order, unread
// counts and the total follow the pushes in every tab.
import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { encryptText, ok, person, roomKey, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { countNotices, holdNextAnswer } from './support/held-answer.ts';
import { openRoomAs, pairInChat, sendTexts } from './support/room-helpers.ts';

const csd = serveVariant('CSD');

/** The names of the calls the page makes from now on. */
function callsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const name = /\/v3\/chat\/(?:pub|sec)\/[^/]+\/([^/?]+)/.exec(request.url())?.[1];
    if (name) calls.push(name);
  });
  return calls;
}

async function sendWithChecksum(who: Person, roomId: string, text: string, checksum: string): Promise<void> {
  const key = await roomKey(who, roomId);
  ok(await who.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum, aesMessage: encryptText(key, text) }));
}

const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

test('an open room shows 20 pushed messages without asking for any, and marks them read in batches', async ({ openPage }) => {
  const { me: bob, other: alice, roomId } = await pairInChat(csd.server, ['tl_bob1', 'Bob One'], ['tl_alice1', 'Alice One']);
  const page = await openPage();
  await openRoomAs(page, csd.url, bob, 'Alice One');
  await sendTexts(alice, roomId, ['before counting']);
  await expect(bubble(page, 'before counting')).toBeVisible();
  const calls = callsOf(page);
  const texts = Array.from({ length: 20 }, (_, i) => `pushed ${i + 1} of 20`);
  await sendTexts(alice, roomId, texts);
  await expect(bubble(page, 'pushed 20 of 20')).toBeVisible();
  await expect(bubble(page, 'pushed 1 of 20')).toBeVisible();
  // Every message is read once shown; the marks of a second go together.
  await expect.poll(async () => ok(await alice.api.receiveAesMessages({ roomId, batchSize: 1, upOrDown: 'UP' })).messages[0]?.messageStatus).toBe('ALL_READ');
  await screenshot(page, 'timeline-pushed');
  expect(calls.filter((call) => call === 'receiveaesmessages')).toEqual([]);
  expect(calls.filter((call) => call === 'marknotifiedaesmessages')).toEqual([]);
  expect(calls.filter((call) => call === 'markreadaesmessages').length).toBeLessThan(20);
});

/** The page's socket loses every frame that mentions `marker` (the reply queue's and the room topic's alike). */
async function loseFramesMentioning(page: Page, marker: string): Promise<void> {
  await page.routeWebSocket(/\/v3\/ws$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes(marker)) return;
      socket.send(message);
    });
  });
}

test('a message whose push was lost shows once the next push reveals the gap', async ({ openPage }) => {
  const { me: bob, other: alice, roomId } = await pairInChat(csd.server, ['tl_bob2', 'Bob Two'], ['tl_alice2', 'Alice Two']);
  const page = await openPage();
  const lost = `lost-${randomUUID()}`;
  await loseFramesMentioning(page, lost);
  await openRoomAs(page, csd.url, bob, 'Alice Two');
  await sendTexts(alice, roomId, ['first, pushed']);
  await expect(bubble(page, 'first, pushed')).toBeVisible();
  await sendWithChecksum(alice, roomId, 'second, never pushed', lost);
  await sendTexts(alice, roomId, ['third, pushed']);
  await expect(bubble(page, 'third, pushed')).toBeVisible();
  await expect(bubble(page, 'second, never pushed')).toBeVisible();
  const order = await page.getByTestId('message').allInnerTexts();
  const at = (text: string) => order.findIndex((shown) => shown.includes(text));
  expect(at('first, pushed')).toBeLessThan(at('second, never pushed'));
  expect(at('second, never pushed')).toBeLessThan(at('third, pushed'));
  await screenshot(page, 'timeline-gap-filled');
});

test('a message pushed while the gap is being fetched shows too, once, in order', async ({ openPage }) => {
  const { me: bob, other: alice, roomId } = await pairInChat(csd.server, ['tl_bob5', 'Bob Five'], ['tl_alice5', 'Alice Five']);
  const page = await openPage();
  const lost = `lost-${randomUUID()}`;
  await loseFramesMentioning(page, lost);
  const newMessageNotices = countNotices(page, 'NEW_MESSAGE');
  await openRoomAs(page, csd.url, bob, 'Alice Five');
  await sendTexts(alice, roomId, ['before the gap']);
  await expect(bubble(page, 'before the gap')).toBeVisible();

  // The gap's fetch is read on the server before the last message is stored, and its answer held until that
  // message's push is in: the answer cannot hold it, the push must.
  const held = await holdNextAnswer(page, '/chat/sec/message/receiveaesmessages');
  await sendWithChecksum(alice, roomId, 'lost on the way', lost);
  await sendTexts(alice, roomId, ['reveals the gap']);
  await held.answered;
  const seenBefore = newMessageNotices();
  await sendTexts(alice, roomId, ['pushed during the fetch']);
  await expect.poll(newMessageNotices).toBe(seenBefore + 1);
  await held.release();
  await held.stop();
  for (const text of ['lost on the way', 'reveals the gap', 'pushed during the fetch']) await expect(bubble(page, text)).toHaveCount(1);
  const order = await page.getByTestId('message').allInnerTexts();
  const at = (text: string) => order.findIndex((shown) => shown.includes(text));
  expect(at('before the gap')).toBeLessThan(at('lost on the way'));
  expect(at('lost on the way')).toBeLessThan(at('reveals the gap'));
  expect(at('reveals the gap')).toBeLessThan(at('pushed during the fetch'));
});

test('a send that cannot reach the server says it will retry, then shows Not sent with Resend, and Resend sends it', async ({ openPage }) => {
  test.setTimeout(180_000);
  const { me: alice, other: bob, roomId } = await pairInChat(csd.server, ['tl_alice3', 'Alice Three'], ['tl_bob3', 'Bob Three']);
  await sendTexts(bob, roomId, ['Are you there?']);
  const page = await openPage();
  await openRoomAs(page, csd.url, alice, 'Bob Three');
  await expect(bubble(page, 'Are you there?')).toBeVisible();
  // The socket stays up; only the send call cannot get through.
  const blocked = '**/chat/sec/message/sendaesmessage';
  await page.route(blocked, (route) => route.abort('internetdisconnected'));
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill('Cannot get through');
  await composer.press('Enter');
  const mine = bubble(page, 'Cannot get through');
  await expect(mine).toContainText('Not sent yet, will retry');
  await expect(mine.getByRole('img', { name: 'Sending' })).toBeVisible();
  await screenshot(page, 'timeline-send-retrying');
  // Three more tries at the reconnect interval (10 s), then it stops.
  await expect(mine.getByRole('img', { name: 'Not sent' })).toBeVisible({ timeout: 60_000 });
  await expect(mine).not.toContainText('will retry');
  await mine.hover();
  await expect(mine.getByRole('button', { name: 'Resend' })).toBeVisible();
  await screenshot(page, 'timeline-send-failed');

  await page.unroute(blocked);
  await mine.getByRole('button', { name: 'Resend' }).click();
  await expect(mine).toHaveAttribute('data-message-id', /^\d+$/);
  await expect(mine).not.toContainText('Not sent');
});

test('the room list follows the pushes in two tabs of one user: previews, order, unread counts and the total, with no call per message', async ({ openPage }) => {
  const { me: bob, other: alice, roomId } = await pairInChat(csd.server, ['tl_bob4', 'Bob Four'], ['tl_alice4', 'Alice Four']);
  const carol = await person(csd.server, 'tl_carol4', 'Carol Four');
  const carolRoom = String(ok(await carol.api.createSingleRoom({ memberId: String(bob.id) })).roomId);
  const first = await openPage();
  await login(first, csd.url, bob.loginName, TEST_PASSWORD);
  await expect(first).toHaveURL(/\/chatroom$/);
  const second = await first.context().newPage(); // the same browser: the session carries over
  await second.goto(`${csd.url}/chatroom`);
  const tabs = [first, second];
  const row = (page: Page, name: string) => page.getByTestId('room-row').filter({ hasText: name });
  const badge = (page: Page, name: string) => row(page, name).getByRole('img', { name: /unread message/ });
  const total = (page: Page) => page.getByTestId('unread-total');
  for (const page of tabs) {
    await expect(row(page, 'Alice Four')).toBeVisible();
    await expect(row(page, 'Carol Four')).toBeVisible();
    await expect(total(page)).toHaveCount(0);
  }
  const calls = tabs.map(callsOf);

  await sendTexts(alice, roomId, ['Alice one', 'Alice two']);
  await sendTexts(carol, carolRoom, ['Carol one']);
  for (const page of tabs) {
    await expect(badge(page, 'Alice Four')).toHaveText('2');
    await expect(row(page, 'Alice Four').getByTestId('room-preview')).toHaveText('Alice two');
    await expect(badge(page, 'Carol Four')).toHaveText('1');
    await expect(page.getByTestId('room-row').first()).toContainText('Carol Four');
    await expect(total(page)).toHaveText('3');
  }

  // Reading Alice's chat in the first tab clears her badge in both; Carol's stays.
  await row(first, 'Alice Four').click();
  await expect(bubble(first, 'Alice two')).toBeVisible();
  for (const page of tabs) {
    await expect(badge(page, 'Alice Four')).toHaveCount(0);
    await expect(badge(page, 'Carol Four')).toHaveText('1');
    await expect(total(page)).toHaveText('1');
  }

  // A message to the chat open in the first tab is read there: the second tab moves the row up, shows the preview and
  // keeps no badge for it.
  await sendTexts(alice, roomId, ['Alice three']);
  await expect(bubble(first, 'Alice three')).toBeVisible();
  await expect(row(second, 'Alice Four').getByTestId('room-preview')).toHaveText('Alice three');
  await expect(second.getByTestId('room-row').first()).toContainText('Alice Four');
  await expect(badge(second, 'Alice Four')).toHaveCount(0);
  await expect(total(second)).toHaveText('1');

  // Bob's own message from the first tab: the second shows it as his, counts nothing.
  const composer = first.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill('Bob replies');
  await composer.press('Enter');
  await expect(bubble(first, 'Bob replies')).toHaveAttribute('data-message-id', /^\d+$/);
  for (const page of tabs) {
    await expect(row(page, 'Alice Four').getByTestId('room-preview')).toHaveText('You: Bob replies');
    await expect(badge(page, 'Alice Four')).toHaveCount(0);
    await expect(total(page)).toHaveText('1');
  }
  await screenshot(second, 'room-list-second-tab');
  // Neither tab asked for a room's last message, the list or the total because of a message.
  for (const made of calls) {
    expect(made.filter((call) => ['getlastmessage', 'getroomlist', 'gettotalmessagesunreadcount'].includes(call))).toEqual([]);
  }
});
