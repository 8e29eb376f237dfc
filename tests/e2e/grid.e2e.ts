// Grid mode 2x2 (DEV_GRID_VERSION with its DEV_GRID_CHILD build served at the same origin, gridViewChildUrl): the
// user signs in once; each room picked from the list opens in a cell, where a child client logs in from its action
// object (a single-use token of this user and the room) and shows the room. The children keep their sessions to
// themselves: the grid page stays signed in as it was, and a fifth room replaces the oldest cell.
import { ok, person } from '../support/people.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';
import { BROWSER_TEST_SERVER_ENV, expect, login, screenshot, test } from './fixtures.ts';
import { builtVariant } from './support/build-cache.ts';

let server: TestServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  const parent = await builtVariant('DEV_GRID_VERSION');
  const child = await builtVariant('DEV_GRID_CHILD', '/gridchild/');
  server = await startTestServer({ ...BROWSER_TEST_SERVER_ENV, CLIENT_DIR: parent, VARIANT: 'DEV_GRID_VERSION', GRID_CHILD_DIR: child });
});
test.afterAll(async () => {
  await server?.close();
});

test('grid 2x2: four rooms in four child clients, each logged in from its action object', async ({ openPage }) => {
  test.setTimeout(120_000);
  const served = server!;
  const me = await person(served, 'grid_user', 'Grid User');
  const peers = ['Ward A', 'Ward B', 'Ward C', 'Ward D', 'Ward E'];
  for (const [index, name] of peers.entries()) {
    const peer = await person(served, `grid_peer_${index}`, name);
    ok(await peer.api.createSingleRoom({ memberId: String(me.id) }));
  }

  const page = await openPage({ viewport: { width: 1600, height: 1000 } });
  await login(page, served.url, 'grid_user', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Grid view' }).click();
  const cells = page.getByTestId('grid-cell');
  await expect(cells).toHaveCount(4);
  await expect(cells.first()).toContainText('Pick a room from the list to show it here.');

  for (const name of peers.slice(0, 4)) await page.getByTestId('room-row').filter({ hasText: name }).click();
  for (const [index, name] of peers.slice(0, 4).entries()) {
    const frame = page.frameLocator(`iframe[title="Grid cell ${index + 1}: ${name}"]`);
    await expect(frame.getByTestId('chat-title')).toContainText(name, { timeout: 30_000 });
  }
  await screenshot(page, 'grid-dev-2x2');

  // A fifth room takes the cell filled first; the grid page itself is still the same user's chat.
  await page.getByTestId('room-row').filter({ hasText: 'Ward E' }).click();
  await expect(page.frameLocator('iframe[title="Grid cell 1: Ward E"]').getByTestId('chat-title')).toContainText('Ward E', { timeout: 30_000 });
  await expect(page.locator('iframe[title="Grid cell 2: Ward B"]')).toBeVisible();
  await page.getByRole('button', { name: 'Close Ward B in the grid' }).click();
  await expect(cells.nth(1)).toContainText('Pick a room from the list to show it here.');
  await page.getByRole('button', { name: 'Single view' }).click();
  await page.getByTestId('room-row').filter({ hasText: 'Ward C' }).click();
  await expect(page.getByTestId('chat-title')).toContainText('Ward C');
});
