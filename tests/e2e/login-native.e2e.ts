// The native desktop client (seed sections 2 and 4): inside its shell (window.chatgenNative, which keeps the
// account in the operating system's store) the login form offers 'Remember account and password', and saved
// credentials log in at once unless they fail; a browser shows no such box and stores no password.
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, screenshot, serveVariant, test, type Page } from './fixtures.ts';

const csd = serveVariant('CSD', {}, async (server) => {
  await createTestAccount(server, { loginName: 'desk_user', fullName: 'Desk User' });
});

/** The shell's store, seeded with what it saved before; the page reads and writes it through the bridge. */
async function inNativeShell(page: Page, saved: { loginName: string; password: string } | null): Promise<void> {
  await page.addInitScript((initial) => {
    const store = { saved: initial as { loginName: string; password: string } | null };
    (window as unknown as { shellStore: typeof store }).shellStore = store;
    (window as unknown as { chatgenNative: object }).chatgenNative = {
      loadCredentials: async () => store.saved,
      saveCredentials: async (credentials: { loginName: string; password: string }) => void (store.saved = credentials),
      clearCredentials: async () => void (store.saved = null),
    };
  }, saved);
}

test('remember account: only in the native shell; saved credentials log in at once, failing ones do not loop', async ({ openPage }) => {
  const browser = await openPage();
  await browser.goto(`${csd.url}/`);
  await expect(browser.getByLabel('Login Name')).toBeVisible();
  await expect(browser.getByLabel('Remember account and password')).toHaveCount(0);

  const desktop = await openPage();
  await inNativeShell(desktop, null);
  await desktop.goto(`${csd.url}/`);
  await desktop.getByLabel('Remember account and password').check();
  await screenshot(desktop, 'login-native-remember');
  await desktop.getByLabel('Login Name').fill('desk_user');
  await desktop.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await desktop.getByLabel('Password', { exact: true }).press('Enter');
  await expect(desktop).toHaveURL(/\/chatroom$/);
  expect(await desktop.evaluate(() => (window as unknown as { shellStore: { saved: unknown } }).shellStore.saved)).toEqual({
    loginName: 'desk_user',
    password: TEST_PASSWORD,
  });

  const nextStart = await openPage();
  await inNativeShell(nextStart, { loginName: 'desk_user', password: TEST_PASSWORD });
  await nextStart.goto(`${csd.url}/`);
  await expect(nextStart).toHaveURL(/\/chatroom$/);
  await expect(nextStart.getByRole('heading', { name: 'Chats' })).toBeVisible();

  const stale = await openPage();
  await inNativeShell(stale, { loginName: 'desk_user', password: 'changed-elsewhere' });
  await stale.goto(`${csd.url}/`);
  await expect(stale).toHaveURL(/\/login\?loginFail$/);
  await expect(stale.getByTestId('login-failure')).toBeVisible();
  await expect(stale.getByLabel('Login Name')).toBeVisible();
});
