// The outbox of sends in the CSD client against the reference server: what Alice sends while the connection is
// cut is kept (IndexedDB) and shown pending, then delivered in the order she typed it once the connection is back,
// and everything Bob sent meanwhile appears; what she sends while sends cannot get through survives a reload.
import type { Page } from '@playwright/test';
import { decryptText, ok, person, roomKey, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { startOutageProxy, type OutageProxy } from './support/outage-proxy.ts';
import { roomTexts, sendTexts } from './support/room-helpers.ts';

let proxy: OutageProxy;
const csd = serveVariant('CSD', {}, async (server) => {
  proxy = await startOutageProxy(server.url);
});

test.afterAll(async () => {
  await proxy?.close();
});

let pairs = 0;
async function chat(): Promise<{ alice: Person; bob: Person; roomId: string }> {
  pairs += 1;
  const alice = await person(csd.server, `sender${pairs}`, `Sender ${pairs}`);
  const bob = await person(csd.server, `peer${pairs}`, `Peer ${pairs}`);
  const roomId = String(ok(await bob.api.createSingleRoom({ memberId: String(alice.id) })).roomId);
  return { alice, bob, roomId };
}

async function openRoom(page: Page, baseUrl: string, who: Person, peer: string): Promise<void> {
  await login(page, baseUrl, who.loginName, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  await page.getByTestId('room-row').filter({ hasText: peer }).click();
  await expect(page.getByTestId('chat-title')).toContainText(peer);
}

/** The room's texts as Bob's own client reads them from the server, oldest first. */
async function serverTexts(bob: Person, roomId: string): Promise<string[]> {
  const key = await roomKey(bob, roomId);
  const page = ok(await bob.api.receiveAesMessages({ roomId, batchSize: 200, upOrDown: 'UP' }));
  // System lines (Bob removing Alice writes one) are plain text, not what anyone sent.
  return page.messages
    .filter((message) => message.message && message.messageType !== 'SYSTEM')
    .sort((a, b) => Number(a.messageId) - Number(b.messageId))
    .map((message) => decryptText(key, message.message!));
}

async function typeAndSend(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
}

const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const tick = (page: Page, text: string) => bubble(page, text).locator('[data-status]');

test('messages typed during a 45 s outage wait as pending, then go out in order; all of Bob’s appear', async ({ openPage }) => {
  test.setTimeout(180_000);
  const { alice, bob, roomId } = await chat();
  await sendTexts(bob, roomId, ['Before the outage']);
  const page = await openPage();
  await openRoom(page, proxy.url, alice, 'Peer');
  await expect(bubble(page, 'Before the outage')).toBeVisible();

  const banner = page.getByTestId('connection-banner');
  const outageStarted = Date.now();
  proxy.cut();
  await expect(banner).toHaveAttribute('data-status', 'reconnecting');
  const mine = Array.from({ length: 6 }, (_, index) => `Typed offline ${index + 1}`);
  for (const text of mine) await typeAndSend(page, text);
  for (const text of mine) await expect(tick(page, text)).toHaveAttribute('data-status', 'PENDING_SEND');
  const theirs = Array.from({ length: 30 }, (_, index) => `Bob during the outage ${String(index + 1).padStart(2, '0')}`);
  await sendTexts(bob, roomId, theirs);
  await screenshot(page, 'outbox-pending');

  // Nothing is marked failed while cut off, however long it lasts.
  await expect(banner).toHaveAttribute('data-status', 'lost', { timeout: 45_000 });
  await expect.poll(() => Date.now() - outageStarted, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThanOrEqual(45_000);
  for (const text of mine) await expect(tick(page, text)).toHaveAttribute('data-status', 'PENDING_SEND');
  proxy.restore();
  await banner.getByRole('button', { name: 'Reconnect' }).click();
  await expect(banner).toBeHidden();

  for (const text of mine) await expect(bubble(page, text)).toHaveAttribute('data-message-id', /^\d+$/);
  const onServer = (await serverTexts(bob, roomId)).filter((text) => text.startsWith('Typed offline'));
  expect(onServer).toEqual(mine); // once each, in the order typed
  const shown = await roomTexts(page);
  const missing = [...theirs, ...mine].filter((text) => !shown.some((bubbleText) => bubbleText.includes(text)));
  expect(missing).toEqual([]);
  await screenshot(page, 'outbox-delivered');
});

test('sends that cannot get through survive a reload and go out in order when they can', async ({ openPage }) => {
  test.setTimeout(120_000);
  const { alice, bob, roomId } = await chat();
  await sendTexts(bob, roomId, ['Hello from Bob']);
  const page = await openPage();
  await openRoom(page, csd.url, alice, 'Peer');
  const blocked = '**/chat/sec/message/sendaesmessage';
  await page.route(blocked, (route) => route.abort('internetdisconnected'));
  const texts = ['Kept one', 'Kept two', 'Kept three'];
  for (const text of texts) await typeAndSend(page, text);
  for (const text of texts) await expect(tick(page, text)).toHaveAttribute('data-status', 'PENDING_SEND');

  await page.reload();
  await page.getByTestId('room-row').filter({ hasText: 'Peer' }).click();
  await expect(bubble(page, 'Hello from Bob')).toBeVisible();
  for (const text of texts) await expect(tick(page, text)).toHaveAttribute('data-status', 'PENDING_SEND');
  expect(await serverTexts(bob, roomId)).toEqual(['Hello from Bob']);

  await page.unroute(blocked);
  for (const text of texts) await expect(bubble(page, text)).toHaveAttribute('data-message-id', /^\d+$/, { timeout: 20_000 });
  expect(await serverTexts(bob, roomId)).toEqual(['Hello from Bob', ...texts]);
});

test('a send the server refuses while connected is marked failed at once, and Resend sends it', async ({ openPage }) => {
  const { alice, bob, roomId } = await chat();
  await sendTexts(bob, roomId, ['Hello again']);
  const page = await openPage();
  await openRoom(page, csd.url, alice, 'Peer');
  const refused = '**/chat/sec/message/sendaesmessage';
  await page.route(refused, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }));
  await typeAndSend(page, 'Refused once');
  await expect(tick(page, 'Refused once')).toHaveAttribute('data-status', 'SEND_FAILED');
  await expect(page.getByTestId('toast').filter({ hasText: /./ }).first()).toBeVisible();
  await screenshot(page, 'outbox-refused');

  await page.unroute(refused);
  const failed = bubble(page, 'Refused once');
  await failed.hover();
  await failed.getByRole('button', { name: 'Resend' }).click();
  await expect(failed).toHaveAttribute('data-message-id', /^\d+$/);
  expect(await serverTexts(bob, roomId)).toEqual(['Hello again', 'Refused once']);
});

test('a send queued in a room she is removed from before it goes out is marked failed once back, and not asked again and again', async ({ openPage }) => {
  test.setTimeout(120_000);
  pairs += 1;
  const alice = await person(csd.server, `sender${pairs}`, `Sender ${pairs}`);
  const bob = await person(csd.server, `peer${pairs}`, `Peer ${pairs}`);
  const roomId = String(ok(await bob.api.createMultipleRoom({ roomName: `Removal Ward ${pairs}`, memberIds: [String(alice.id)] })).roomId);
  await sendTexts(bob, roomId, ['Welcome to the ward']);
  const page = await openPage();
  let keyRequests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/getaeskeybyroomid')) keyRequests += 1;
  });
  await login(page, proxy.url, alice.loginName, TEST_PASSWORD);
  await page.getByTestId('room-row').filter({ hasText: 'Removal Ward' }).click();
  await expect(bubble(page, 'Welcome to the ward')).toBeVisible();

  const banner = page.getByTestId('connection-banner');
  proxy.cut();
  await expect(banner).toHaveAttribute('data-status', 'reconnecting');
  await typeAndSend(page, 'Queued before the removal');
  await expect(tick(page, 'Queued before the removal')).toHaveAttribute('data-status', 'PENDING_SEND');
  ok(await bob.api.removeRoomMember({ roomId, accountId: String(alice.id) }));
  proxy.restore();
  await expect(banner).toBeHidden({ timeout: 30_000 }); // the next of the seed's tries, at most 10 s away

  // The server refused the room's key (no longer a member): a refusal, not an outage, so the send fails for good.
  await expect(tick(page, 'Queued before the removal')).toHaveAttribute('data-status', 'SEND_FAILED');
  await expect(page.getByRole('note')).toHaveText("You can't send messages to this group because you're no longer a participant");
  const asked = keyRequests;
  expect(asked).toBeGreaterThanOrEqual(1);
  // Another room opened and this one again: nothing asks for the key by itself meanwhile.
  await sendTexts(bob, String(ok(await bob.api.createSingleRoom({ memberId: String(alice.id) })).roomId), ['Still here']);
  await page.getByTestId('room-row').filter({ hasText: `Peer ${pairs}` }).filter({ hasText: 'Still here' }).click();
  await expect(bubble(page, 'Still here')).toBeVisible();
  expect(keyRequests).toBe(asked);
  expect(await serverTexts(bob, roomId)).toEqual(['Welcome to the ward']);
  await screenshot(page, 'outbox-removed-failed');
});
