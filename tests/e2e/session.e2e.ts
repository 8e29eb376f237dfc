// The session of the CSD client across reloads and tabs: a reload and a second tab resume it without a second
// login (device keys as non-extractable CryptoKeys in IndexedDB, nothing secret in localStorage); a logout in one
// tab ends the others; an expired session lands on the login page with the seed's text; an unknown login name
// and a wrong password look the same.
import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { signIn } from '../support/node-transport.ts';
import { encryptText, person, roomKey, type Person } from '../support/people.ts';
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

let bob: Person;
let aliceId: number;

const csd = serveVariant('CSD', {}, async (server) => {
  aliceId = (await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Chan' })).id;
  await createTestAccount(server, { loginName: 'dora', fullName: 'Dora Ng' });
  await createTestAccount(server, { loginName: 'erin', fullName: 'Erin Yu' });
  await createTestAccount(server, { loginName: 'fay', fullName: 'Fay Ho' });
  bob = await person(server, 'bob', 'Bob Lee');
});

const isLoginCall = (url: string) => /\/chat\/pub\/authentication\/(login|getuserpubkey)$/.test(url);
const SESSION_TIMEOUT = 'Session Timeout, Please request login again';

async function signedIn(page: Page, loginName = 'alice'): Promise<void> {
  await login(page, csd.url, loginName, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
}

/** What the page's storage holds: the IndexedDB record's shape and whether anything can read the key's bytes. */
async function storedSession(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('chatgen-session');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const record = await new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
      const get = db.transaction('session', 'readonly').objectStore('session').get('current');
      get.onsuccess = () => resolve(get.result as Record<string, unknown> | undefined);
      get.onerror = () => reject(get.error);
    });
    db.close();
    if (!record) return null;
    const keys = record.deviceKeys as { signingKey: CryptoKey; decryptionKey: CryptoKey };
    const exportable = await Promise.all(
      [keys.signingKey, keys.decryptionKey].map((key) =>
        crypto.subtle.exportKey('pkcs8', key).then(
          () => true,
          () => false,
        ),
      ),
    );
    const local = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`).join('\n');
    return {
      loginName: record.loginName,
      deviceId: record.deviceId as string,
      apiKey: record.apiKey as string,
      extractable: [keys.signingKey.extractable, keys.decryptionKey.extractable],
      exportable,
      isCryptoKey: keys.signingKey instanceof CryptoKey && keys.decryptionKey instanceof CryptoKey,
      localStorage: local,
    };
  });
}

async function bobSends(roomId: string, text: string): Promise<void> {
  const key = await roomKey(bob, roomId);
  const sent = await bob.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: randomUUID(), aesMessage: encryptText(key, text) });
  if (!sent.ok) throw new Error('Bob could not send');
}

test('a reload and a second tab keep the session: no second login, socket live again', async ({ openPage }) => {
  const page = await openPage();
  const loginCalls: string[] = [];
  page.on('request', (request: Request) => {
    if (isLoginCall(request.url())) loginCalls.push(request.url());
  });
  await signedIn(page);
  expect(loginCalls).toHaveLength(2); // getuserpubkey and login, once

  const stored = await storedSession(page);
  expect(stored).toMatchObject({ loginName: 'alice', extractable: [false, false], exportable: [false, false], isCryptoKey: true });
  expect(stored!.localStorage).not.toContain('PRIVATE KEY');
  expect(stored!.localStorage).not.toContain(stored!.apiKey);

  await page.reload();
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  // The socket is back: a chat Bob opens now reaches the list and its message the open room, live.
  const created = await bob.api.createSingleRoom({ memberId: String(aliceId) });
  if (!created.ok) throw new Error('Bob could not open a chat');
  const roomId = String(created.data.roomId);
  await bobSends(roomId, 'Hello after the reload');
  const row = page.getByTestId('room-row').filter({ hasText: 'Bob Lee' });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: 'Hello after the reload' })).toBeVisible();
  await bobSends(roomId, 'And live');
  await expect(page.getByTestId('message').filter({ hasText: 'And live' })).toBeVisible();
  await screenshot(page, 'session-after-reload');

  // A second tab opening the start page (and one opening /chatroom directly) goes straight to the chat.
  const second = await page.context().newPage();
  second.on('request', (request: Request) => {
    if (isLoginCall(request.url())) loginCalls.push(request.url());
  });
  await second.goto(`${csd.url}/`);
  await expect(second).toHaveURL(/\/chatroom$/);
  await expect(second.getByRole('heading', { name: 'Chats' })).toBeVisible();
  const third = await page.context().newPage();
  await third.goto(`${csd.url}/chatroom`);
  await expect(third.getByRole('heading', { name: 'Chats' })).toBeVisible();
  await third.goto(`${csd.url}/login`);
  await expect(third).toHaveURL(/\/chatroom$/);
  expect(loginCalls).toHaveLength(2);
});

test('logout in one tab ends the session in the others', async ({ openPage }) => {
  const first = await openPage();
  await signedIn(first);
  const second = await first.context().newPage();
  await second.goto(`${csd.url}/chatroom`);
  await expect(second.getByRole('heading', { name: 'Chats' })).toBeVisible();

  await first.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
  await first.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await storedSession(second)).toBeNull();

  // A reload after the logout stays logged out.
  await second.reload();
  await expect(second.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(second).toHaveURL(/\/login$/);

  // A login in one tab signs the other tab in as well.
  await login(second, csd.url, 'alice', TEST_PASSWORD);
  await expect(second).toHaveURL(/\/chatroom$/);
  await first.goto(`${csd.url}/login`);
  await expect(first).toHaveURL(/\/chatroom$/);
});

/**
 * Runs in a page before its scripts: the session channel's (BroadcastChannel) messages are held until
 * `releaseSessionChannel()`, as on a page too busy to take them yet, so the server's refusal comes first.
 */
function holdSessionChannel(): void {
  const held: (() => void)[] = [];
  let holding = true;
  Object.assign(window, {
    releaseSessionChannel: () => {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
  });
  const Native = window.BroadcastChannel;
  window.BroadcastChannel = class extends Native {
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
      if (type !== 'message') return super.addEventListener(type, listener, options);
      const call = (event: Event) => (typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event));
      super.addEventListener('message', (event) => (holding ? held.push(() => call(event)) : call(event)), options);
    }
  };
}

test("a logout reads as a logout in the other tab also when the server's refusal reaches it before the tab's message", async ({ openPage }) => {
  const first = await openPage();
  await signedIn(first, 'fay');
  const second = await first.context().newPage();
  await second.addInitScript(holdSessionChannel);
  await second.goto(`${csd.url}/chatroom`);
  await expect(second.getByRole('heading', { name: 'Chats' })).toBeVisible();

  await first.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
  await first.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/login$/);
  // The second tab has not heard of the logout: its next call is refused (401) by the server.
  await second.getByRole('button', { name: 'New group' }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(second.getByTestId('login-failure')).toHaveCount(0);
  // The message arriving late changes nothing.
  await second.evaluate(() => (window as unknown as { releaseSessionChannel: () => void }).releaseSessionChannel());
  await expect(second.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(second).toHaveURL(/\/login$/);
});

test("an expired session lands on the login page with the seed's text, in every tab", async ({ openPage }) => {
  const first = await openPage();
  await signedIn(first, 'dora');
  const second = await first.context().newPage();
  await second.goto(`${csd.url}/chatroom`);
  await expect(second.getByRole('heading', { name: 'Chats' })).toBeVisible();

  // The server lets the session lapse (SESSION_MAX_IDLE_HOURS passed): its next call answers 401.
  const { repos } = csd.server.app.ctx;
  const account = await repos.accounts.findByLoginName('dora');
  for (const session of await repos.sessions.listActive(account!.id)) await repos.sessions.touch(session.id, new Date(), new Date(Date.now() - 1_000));

  await first.getByRole('button', { name: 'New group' }).click(); // its member selector asks the server for accounts
  await expect(first).toHaveURL(/\/login\?sessionTimeout$/);
  await expect(first.getByTestId('login-failure')).toHaveText(SESSION_TIMEOUT);
  await expect(second).toHaveURL(/\/login/);
  await screenshot(first, 'session-timeout');

  // A reload finds nothing stored any more.
  await first.reload();
  await expect(first.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('a stored session that expired while the browser was closed: the reload lands on the login page with the text', async ({ openPage }) => {
  const page = await openPage();
  await signedIn(page, 'dora');
  const { repos } = csd.server.app.ctx;
  const account = await repos.accounts.findByLoginName('dora');
  for (const session of await repos.sessions.listActive(account!.id)) await repos.sessions.touch(session.id, new Date(), new Date(Date.now() - 1_000));
  await page.reload();
  await expect(page).toHaveURL(/\/login\?sessionTimeout$/);
  await expect(page.getByTestId('login-failure')).toHaveText(SESSION_TIMEOUT);
  expect(await storedSession(page)).toBeNull();
});

test('an unknown login name and a wrong password show the same text', async ({ openPage }) => {
  const page = await openPage();
  await login(page, csd.url, 'nobody-by-this-name', 'Whatever1!');
  await expect(page).toHaveURL(/\/login\?loginFail$/);
  const failure = page.getByTestId('login-failure');
  await expect(failure).toHaveText('Incorrect login name or password');
  const unknownName = await failure.innerText();
  await screenshot(page, 'login-unknown-name');

  await login(page, csd.url, 'alice', 'wrong-password');
  await expect(page).toHaveURL(/\/login\?loginFail$/);
  await expect(failure).toHaveText(unknownName);
});

test('a logout of the other sessions and a remote wipe end this browser in every tab, never the session that asked', async ({ openPage }) => {
  const page = await openPage();
  await signedIn(page, 'erin');
  const second = await page.context().newPage();
  await second.goto(`${csd.url}/chatroom`);
  await expect(second.getByRole('heading', { name: 'Chats' })).toBeVisible();

  // Erin on another device logs out her other sessions: this browser's session ends in both tabs.
  const phone = await signIn(csd.url, 'erin', TEST_PASSWORD);
  expect((await phone.api.logoutOtherSession({ apiKey: phone.apiKey })).ok).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
  expect((await phone.api.checkSession({})).ok).toBe(true); // the session that asked goes on

  // Signed in again here, the phone wipes this browser's device: its session ends and nothing stays stored.
  await signedIn(page, 'erin');
  const { deviceId } = (await storedSession(page))!;
  expect((await phone.api.remoteWipe({ deviceId })).ok).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
  expect((await phone.api.checkSession({})).ok).toBe(true);
});
