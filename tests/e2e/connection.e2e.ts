// The CSD client through a network outage (the outage proxy cuts every connection between browser and server
// and refuses new ones): the seed's three tries every 10 s, then the lost state with a Reconnect button; the
// browser coming back online also reconnects; every reconnect fills the gap, so nothing another member sent
// during the outage is missing, nor a recall made then; what else changed unseen (a room renamed, a member added)
// shows once it is back. Online dots are grey while the connection is lost.
import type { Page } from '@playwright/test';
import { ok, person, type Person } from '../support/people.ts';
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { startOutageProxy, type OutageProxy } from './support/outage-proxy.ts';
import { roomTexts, sendTexts } from './support/room-helpers.ts';

let proxy: OutageProxy;
let bob: Person;
let aliceId: string;

const csd = serveVariant('CSD', {}, async (server) => {
  aliceId = String((await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Chan' })).id);
  bob = await person(server, 'bob', 'Bob Lee');
  proxy = await startOutageProxy(server.url);
});

test.afterAll(async () => {
  await proxy?.close();
});

/** Bob (a client of his own, straight to the server) sends texts to the room. */
async function bobSends(roomId: string, texts: string[]): Promise<void> {
  await sendTexts(bob, roomId, texts);
}

async function setUp(page: Page, first: string): Promise<{ roomId: string }> {
  const created = await bob.api.createSingleRoom({ memberId: aliceId });
  if (!created.ok) throw new Error('Bob could not open a chat with Alice');
  const roomId = String(created.data.roomId);
  await bobSends(roomId, [first]);
  await login(page, proxy.url, 'alice', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  await page.getByTestId('room-row').filter({ hasText: 'Bob Lee' }).click();
  await expect(page.getByTestId('message').filter({ hasText: first })).toBeVisible();
  return { roomId };
}

test.describe('a network outage', () => {
  test('after 45 s offline: Reconnecting…, then lost with Reconnect; everything Bob sent meanwhile appears', async ({ openPage }) => {
    test.setTimeout(180_000);
    const alice = await openPage();
    const { roomId } = await setUp(alice, 'Before the outage');
    const dot = alice.getByTestId('chat-title').getByTestId('online-dot');
    await expect(dot).toHaveAttribute('data-online', /^(true|false)$/); // what the server says of Bob
    const presence = (await dot.getAttribute('data-online'))!;

    const banner = alice.getByTestId('connection-banner');
    const outageStarted = Date.now();
    proxy.cut();
    await expect(banner).toHaveAttribute('data-status', 'reconnecting');
    await expect(banner).toContainText('Whoops! Lost connection to the server. Reconnecting…');
    await expect(dot).toHaveAttribute('data-online', 'unknown'); // grey: we cannot know while cut off
    const texts = Array.from({ length: 80 }, (_, i) => `During the outage ${String(i + 1).padStart(2, '0')}`);
    await bobSends(roomId, texts.slice(0, 40));

    // The seed's three tries every 10 s are used up: the lost state, with a Reconnect button.
    await expect(banner).toHaveAttribute('data-status', 'lost', { timeout: 45_000 });
    const reconnect = banner.getByRole('button', { name: 'Reconnect' });
    await expect(reconnect).toBeVisible();
    await screenshot(alice, 'connection-lost');
    await bobSends(roomId, texts.slice(40));
    // The outage lasts 45 s in all (the scenario's length, not a wait for the client).
    await expect.poll(() => Date.now() - outageStarted, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThanOrEqual(45_000);
    proxy.restore();
    await expect(banner).toHaveAttribute('data-status', 'lost'); // no tries left: it waits for the user

    await reconnect.click();
    await expect(banner).toBeHidden();
    await expect(alice.getByTestId('message').filter({ hasText: texts[79]! })).toBeVisible();
    await expect(dot).toHaveAttribute('data-online', presence);
    const shown = await roomTexts(alice);
    const missing = [...texts, 'Before the outage'].filter((text) => !shown.some((bubble) => bubble.includes(text)));
    expect(missing).toEqual([]);
    // The room list was reloaded too: Bob's chat shows the last text as its preview.
    await expect(alice.getByTestId('room-row').filter({ hasText: 'Bob Lee' })).toContainText(texts[79]!);
    await screenshot(alice, 'connection-restored');
  });

  test('lost, then the browser comes back online: it reconnects by itself and fills the gap', async ({ openPage }) => {
    test.setTimeout(120_000);
    const alice = await openPage();
    const { roomId } = await setUp(alice, 'Second room, before');
    const banner = alice.getByTestId('connection-banner');
    proxy.cut();
    await expect(banner).toHaveAttribute('data-status', 'reconnecting');
    await alice.context().setOffline(true);
    await expect(banner).toHaveAttribute('data-status', 'lost', { timeout: 45_000 });
    const texts = ['While offline one', 'While offline two', 'While offline three'];
    await bobSends(roomId, texts);
    proxy.restore();
    await alice.context().setOffline(false); // the browser fires `online`
    await expect(banner).toBeHidden();
    for (const text of texts) await expect(alice.getByTestId('message').filter({ hasText: text })).toBeVisible();
  });

  test('a chat opened during the outage, whose messages could not load, loads them once the connection is back', async ({ openPage }) => {
    test.setTimeout(120_000);
    const alice = await openPage();
    const created = await bob.api.createSingleRoom({ memberId: aliceId });
    if (!created.ok) throw new Error('Bob could not open a chat with Alice');
    const roomId = String(created.data.roomId);
    await bobSends(roomId, ['Sent before Alice opened the chat']);
    await login(alice, proxy.url, 'alice', TEST_PASSWORD);
    const row = alice.getByTestId('room-row').filter({ hasText: 'Bob Lee' });
    await expect(row).toBeVisible();
    const banner = alice.getByTestId('connection-banner');
    proxy.cut();
    await expect(banner).toHaveAttribute('data-status', 'reconnecting');
    await row.click();
    await expect(alice.getByTestId('chat-title')).toContainText('Bob Lee');
    await expect(alice.getByText('No Message Found')).toBeVisible(); // its load failed (retried, then given up)
    await bobSends(roomId, ['Sent during the outage']);
    proxy.restore();
    await expect(banner).toBeHidden({ timeout: 30_000 }); // the next of the seed's tries, at most 10 s away
    await expect(alice.getByTestId('message').filter({ hasText: 'Sent before Alice opened the chat' })).toBeVisible();
    await expect(alice.getByTestId('message').filter({ hasText: 'Sent during the outage' })).toBeVisible();
    await screenshot(alice, 'connection-failed-load-recovered');
  });

  test('a message recalled during the outage shows as recalled once the connection is back', async ({ openPage }) => {
    test.setTimeout(120_000);
    const alice = await openPage();
    const { roomId } = await setUp(alice, 'Kept through the outage');
    const [recalledId] = await sendTexts(bob, roomId, ['Recalled during the outage']);
    const recalled = alice.locator(`[data-testid="message"][data-message-id="${recalledId}"]`);
    await expect(recalled).toContainText('Recalled during the outage');
    const banner = alice.getByTestId('connection-banner');
    proxy.cut();
    await expect(banner).toHaveAttribute('data-status', 'reconnecting');
    ok(await bob.api.deleteAesMessages({ roomId, messageIds: [recalledId!] }));
    proxy.restore();
    await expect(banner).toBeHidden({ timeout: 30_000 }); // the next of the seed's tries, at most 10 s away
    await expect(recalled).toContainText('This message was deleted');
    await expect(alice.getByTestId('message').filter({ hasText: 'Kept through the outage' })).toBeVisible();
    await screenshot(alice, 'connection-recall-filled');
  });

  test('a room renamed and a member added during the outage show in the open room info once the connection is back', async ({ openPage }) => {
    test.setTimeout(120_000);
    const carol = await person(csd.server, 'carol', 'Carol Wong');
    const created = ok(await bob.api.createMultipleRoom({ roomName: 'Night Shift', memberIds: [aliceId] }));
    const roomId = String(created.roomId);
    const alice = await openPage();
    await login(alice, proxy.url, 'alice', TEST_PASSWORD);
    await alice.getByTestId('room-row').filter({ hasText: 'Night Shift' }).click();
    await alice.getByRole('button', { name: 'Chat info' }).click();
    const info = alice.getByTestId('panel-page-chatroominfo');
    await expect(info.getByTestId('room-info-name')).toHaveText('Night Shift');
    await expect(info.getByTestId('room-member')).toHaveCount(2);

    const banner = alice.getByTestId('connection-banner');
    proxy.cut();
    await expect(banner).toHaveAttribute('data-status', 'reconnecting');
    ok(await bob.api.updateRoomName({ roomId, roomName: 'Night Shift West' }));
    ok(await bob.api.addRoomMembers({ roomId, accountIds: [String(carol.id)] }));
    proxy.restore();
    await expect(banner).toBeHidden({ timeout: 30_000 }); // the next of the seed's tries, at most 10 s away
    await expect(info.getByTestId('room-info-name')).toHaveText('Night Shift West');
    await expect(info.getByTestId('room-member')).toHaveCount(3);
    await expect(info.getByTestId('room-member').filter({ hasText: 'Carol Wong' })).toBeVisible();
    await expect(alice.getByTestId('chat-title')).toContainText('Night Shift West');
    await screenshot(alice, 'connection-room-info-resynced');
  });
});
