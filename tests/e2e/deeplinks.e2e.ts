// Deep links of the CSD client (/deeplink/<action>?...): the page loads with its assets (they used to resolve under
// /deeplink/ and 404), each action does what its name says, through the login when there is no session. Also the
// variant's favicon.
import type { Page, Response } from '@playwright/test';
import { person, type Person } from '../support/people.ts';
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

let bob: Person;
let aliceId: string;
let groupId: string;

const csd = serveVariant('CSD', {}, async (server) => {
  aliceId = String((await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Chan' })).id);
  bob = await person(server, 'bob', 'Bob Lee');
  await createTestAccount(server, { loginName: 'carol', fullName: 'Carol Ho' });
  const group = await bob.api.createMultipleRoom({ roomName: 'Night shift', memberIds: [aliceId] });
  if (!group.ok) throw new Error('could not create the group');
  groupId = String(group.data.roomId);
});

/** Every failed response of the page (a missing script or stylesheet shows here). */
function failures(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

async function fillLogin(page: Page): Promise<void> {
  await page.getByLabel('Login Name').fill('alice');
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

test('without a session: the deep link page loads, asks for the login, then opens the room', async ({ openPage }) => {
  const page = await openPage();
  const failed = failures(page);
  const styles: string[] = [];
  page.on('response', (response: Response) => {
    if (response.url().endsWith('.css')) styles.push(response.headers()['content-type'] ?? '');
  });
  await page.goto(`${csd.url}/deeplink/gotoroom?roomId=${groupId}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(styles.length).toBeGreaterThan(0);
  for (const type of styles) expect(type).toMatch(/^text\/css/);
  expect(failed).toEqual([]);

  await fillLogin(page);
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByTestId('chat-title')).toContainText('Night shift');
  await screenshot(page, 'deeplink-gotoroom');
  // Done once: a reload shows the chat without running the link again.
  await page.getByRole('button', { name: 'Close chat' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
  await expect(page.getByTestId('chat-title')).toHaveCount(0);
});

test('with a session: opensinglechat creates the chat once, then opens the same one', async ({ openPage }) => {
  const page = await openPage();
  await login(page, csd.url, 'alice', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByTestId('room-row').filter({ hasText: 'Carol Ho' })).toHaveCount(0);

  await page.goto(`${csd.url}/deeplink/opensinglechat?loginName=carol`);
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByTestId('chat-title')).toContainText('Carol Ho');
  await expect(page.getByTestId('room-row').filter({ hasText: 'Carol Ho' })).toHaveCount(1);

  const carol = await csd.server.app.ctx.repos.accounts.findByLoginName('carol');
  await page.goto(`${csd.url}/deeplink/opensinglechat?accountId=${carol!.id}`);
  await expect(page.getByTestId('chat-title')).toContainText('Carol Ho');
  await expect(page.getByTestId('room-row').filter({ hasText: 'Carol Ho' })).toHaveCount(1);
});

test('opencontactinfo shows the user info, and Chat Now opens the chat', async ({ openPage }) => {
  const page = await openPage();
  await login(page, csd.url, 'alice', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  await page.goto(`${csd.url}/deeplink/opencontactinfo?accountId=${bob.accountId}`);
  const info = page.getByTestId('user-info');
  await expect(info).toBeVisible();
  await expect(info.getByRole('heading', { name: 'Bob Lee' })).toBeVisible();
  await expect(info).toContainText('bob');
  await screenshot(page, 'deeplink-contactinfo');
  await info.getByRole('button', { name: 'Chat Now' }).click();
  await expect(page.getByTestId('chat-title')).toContainText('Bob Lee');
});

test('gotochatbot opens the chatbot room; a link that names nothing says it cannot be opened', async ({ openPage }) => {
  const page = await openPage();
  await login(page, csd.url, 'alice', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  const created = page.waitForResponse((response) => response.url().endsWith('/chat/sec/room/createchatbotroom'));
  await page.goto(`${csd.url}/deeplink/gotochatbot`);
  const answer = (await (await created).json()) as { roomName?: string };
  expect(answer.roomName).toBeTruthy();
  await expect(page.getByTestId('chat-title')).toContainText(answer.roomName!);
  // A new chatbot room starts with the chatbot's first card.
  await expect(page.getByTestId('choice-card').first()).toBeVisible();

  await page.goto(`${csd.url}/deeplink/gotoroom`);
  await expect(page.getByTestId('toast').filter({ hasText: 'This link cannot be opened.' })).toBeVisible();
  await page.goto(`${csd.url}/deeplink/gotoroom?roomId=999999`);
  await expect(page.getByTestId('toast').filter({ hasText: 'The chat in this link is not available to you.' })).toBeVisible();
});

test("the variant's favicon is served", async ({ openPage, request }) => {
  const page = await openPage();
  await page.goto(`${csd.url}/login`);
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toMatch(/^\/assets\/favicon-.+\.svg$/);
  const icon = await request.get(`${csd.url}${href}`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await icon.text()).toContain('fill="#1D4E89"'); // CSD's accent
});

test('an unknown address goes to the start and then the login, signed in it goes on to the chats', async ({ openPage }) => {
  const page = await openPage();
  const failed = failures(page);
  const response = await page.goto(`${csd.url}/no/such/page?x=1`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Not found')).toHaveCount(0);
  expect(failed).toEqual([]);
  await screenshot(page, 'unknown-address-login');
  await fillLogin(page);
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
  await page.goto(`${csd.url}/chatroom/settings`);
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
});
