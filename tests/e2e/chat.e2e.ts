// The CSD client in a real browser against the reference server: login outcomes, the change-password form,
// and two users chatting in two browser contexts (text, file, reply) with realtime delivery.
import type { Request } from '@playwright/test';
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { axeViolations, expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD', {}, async (server) => {
  await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Chan' });
  await createTestAccount(server, { loginName: 'bob', fullName: 'Bob Lee' });
  await createTestAccount(server, { loginName: 'carol', fullName: 'Carol Ho', mustChangePassword: true });
});

// Realtime delivery: the client polls nothing (no interval asks for messages or rooms), so a message can reach an
// idle page only through the socket's push. How soon is the machine's business: the usual web-first wait.
const DELIVERY_MS = 10_000;
const isSend = (url: string) => url.endsWith('/chat/sec/message/sendaesmessage');

test.describe('login page', () => {
  test('shows the server message in red above the form after a wrong password', async ({ openPage }) => {
    const page = await openPage();
    await page.goto(`${csd.url}/`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await screenshot(page, 'login-page');

    // Empty fields are refused before any call.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in the information' })).toBeVisible();

    await login(page, csd.url, 'alice', 'wrong-password');
    await expect(page).toHaveURL(/\/login\?loginFail$/);
    const failure = page.getByTestId('login-failure');
    await expect(failure).toHaveText('Incorrect login name or password');
    await expect(failure).toHaveCSS('color', 'rgb(180, 35, 24)'); // the CSD theme's danger token
    const formTop = await page.getByRole('form', { name: 'Login form' }).evaluate((element) => element.getBoundingClientRect().top);
    const failureBottom = await failure.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(failureBottom).toBeLessThanOrEqual(formTop);
  });

  test('has no serious or critical accessibility violations', async ({ openPage }) => {
    const page = await openPage();
    await page.goto(`${csd.url}/login`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('replaces the login form with the change-password form for an account that must change it', async ({ openPage }) => {
    const page = await openPage();
    await login(page, csd.url, 'carol', TEST_PASSWORD);
    await expect(page.getByTestId('change-password-form')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Login form' })).toHaveCount(0);
    await page.getByLabel('Old Password').fill(TEST_PASSWORD);
    await page.getByLabel('New Password').fill('N3w-Passw0rd!');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByLabel('Confirm Password').press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'New Password Must Be Same As Confirm Password' })).toBeVisible();
  });
});

test.describe('two users chatting', () => {
  test('delivers text, a file and a reply in real time, and sends no plaintext', async ({ openPage }) => {
    const alice = await openPage();
    const bob = await openPage();
    const sendBodies: string[] = [];
    alice.on('request', (request: Request) => {
      if (isSend(request.url())) sendBodies.push(request.postData() ?? '');
    });

    await login(alice, csd.url, 'alice', TEST_PASSWORD);
    await expect(alice).toHaveURL(/\/chatroom$/);
    await expect(alice.getByRole('heading', { name: 'Chats' })).toBeVisible();
    await login(bob, csd.url, 'bob', TEST_PASSWORD);
    await expect(bob).toHaveURL(/\/chatroom$/);
    await expect(bob.getByRole('heading', { name: 'Chats' })).toBeVisible();

    // Alice opens a chat with Bob through the account picker.
    await alice.getByRole('button', { name: 'New chat' }).click();
    await alice.getByRole('button', { name: 'Chat with a person' }).click();
    await alice.getByTestId('panel-page-selectroommember').getByText('Bob Lee').click();
    await alice.getByRole('button', { name: 'Next' }).click();
    await alice.getByRole('button', { name: 'Start chat' }).click();
    await expect(alice.getByTestId('chat-title')).toContainText('Bob Lee');

    const secret = `Ward 7 handover at ${Date.now()}`;
    const composer = alice.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill(secret);
    const sent = alice.waitForResponse((response) => isSend(response.url()));
    await composer.press('Enter');
    await sent;

    // Bob: the room arrives through the socket; he opens it and sees the text without reloading.
    const bobRoom = bob.getByTestId('room-row').filter({ hasText: 'Alice Chan' });
    await expect(bobRoom).toBeVisible({ timeout: DELIVERY_MS });
    await bobRoom.click();
    await expect(bob.getByTestId('message').filter({ hasText: secret })).toBeVisible({ timeout: DELIVERY_MS });

    // A type the server's client config does not list is refused before sending.
    await alice.getByTestId('file-input').setInputFiles({ name: 'rota.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(alice.getByTestId('toast').filter({ hasText: 'The file type of "rota.txt" is not supported' })).toBeVisible();

    // With the room open, a file from Alice shows up for Bob without a reload.
    const fileSent = alice.waitForResponse((response) => isSend(response.url()));
    await alice.getByTestId('file-input').setInputFiles({ name: 'rota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 night shift rota') });
    await fileSent;
    await expect(bob.getByTestId('message').filter({ hasText: 'rota.pdf' })).toBeVisible({ timeout: DELIVERY_MS });

    // Bob replies to the text; Alice sees the reply without reloading.
    const secretMessage = bob.getByTestId('message').filter({ hasText: secret }).first();
    await secretMessage.hover();
    await secretMessage.getByRole('button', { name: 'Reply' }).click();
    const reply = `Noted, thanks ${Date.now()}`;
    await bob.getByRole('textbox', { name: 'Message', exact: true }).fill(reply);
    await bob.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    await expect(alice.getByTestId('message').filter({ hasText: reply })).toBeVisible({ timeout: DELIVERY_MS });

    // Presence: Bob's header shows Alice online (she has the room open and said ONLINE).
    const aliceDot = bob.getByTestId('chat-title').getByTestId('online-dot');
    await expect(aliceDot).toHaveAttribute('data-online', 'true');
    await expect(aliceDot).toHaveAttribute('aria-label', 'Online');

    // While Alice types in the room Bob has open, Bob sees it under the room header (TYPING, sent at most every
    // 3 s: typing for over 3 s sends at least one whatever was sent before).
    const bobTyping = bob.getByTestId('typing-indicator');
    await expect(bobTyping).toHaveText('');
    await composer.pressSequentially('Checking the rota', { delay: 200 });
    await expect(bobTyping).toHaveText('Alice Chan is typing…');
    await expect(alice.getByTestId('typing-indicator')).not.toContainText('Alice Chan'); // never her own

    // A fresh text while Bob has the room open arrives without a reload, and ends her typing line.
    const quick = `Quick check ${Date.now()}`;
    const quickSent = alice.waitForResponse((response) => isSend(response.url()));
    await composer.fill(quick);
    await composer.press('Enter');
    await quickSent;
    await expect(bob.getByTestId('message').filter({ hasText: quick })).toBeVisible({ timeout: DELIVERY_MS });
    await expect(bobTyping).toHaveText('');

    // Nothing readable travelled in the send bodies (text, file, reply, quick text).
    expect(sendBodies.length).toBeGreaterThanOrEqual(3);
    for (const body of sendBodies) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(quick);
      expect(body).not.toContain('night shift rota');
      expect(body).not.toContain(Buffer.from('%PDF-1.4 night shift rota').toString('base64'));
    }

    // Own messages sit on one side, others on the other.
    await expect(alice.getByTestId('message').filter({ hasText: secret }).first()).toHaveAttribute('data-own', 'true');
    await expect(alice.getByTestId('message').filter({ hasText: reply })).toHaveAttribute('data-own', 'false');
    await alice.mouse.move(0, 0);
    expect(await axeViolations(alice)).toEqual([]);
    await screenshot(alice, 'chat-alice');
    await screenshot(bob, 'chat-bob');

    // Alice closes the room (OFFLINE): Bob's header shows her offline.
    await alice.getByRole('button', { name: 'Close chat' }).click();
    await expect(aliceDot).toHaveAttribute('data-online', 'false');
    await expect(aliceDot).toHaveAttribute('aria-label', 'Offline');
  });
});

test.describe('creating a group', () => {
  test("shows the seed's validation texts, then opens the new group for its members", async ({ openPage }) => {
    const alice = await openPage();
    const bob = await openPage();
    await login(alice, csd.url, 'alice', TEST_PASSWORD);
    await expect(alice).toHaveURL(/\/chatroom$/);
    await login(bob, csd.url, 'bob', TEST_PASSWORD);
    await expect(bob).toHaveURL(/\/chatroom$/);

    await alice.getByRole('button', { name: 'New group' }).click();
    const select = alice.getByTestId('panel-page-selectroommember');
    await select.getByRole('button', { name: 'Next' }).click();
    await expect(select.getByRole('alert')).toHaveText('Please Select a Member');
    await select.getByText('Bob Lee').click();
    await select.getByRole('button', { name: 'Next' }).click();
    const dialog = alice.getByTestId('panel-page-createroom');
    const create = dialog.getByRole('button', { name: 'Create group' });
    await create.click();
    await expect(dialog.getByRole('alert')).toHaveText('Member or Room Name are missing');
    await dialog.getByLabel('Group name').fill('A group name far longer than allowed');
    await create.click();
    await expect(dialog.getByRole('alert')).toHaveText('Please check the name length');
    await dialog.getByLabel('Group name').fill('Ward 9 nurses');
    await create.click();

    await expect(alice.getByTestId('chat-title')).toContainText('Ward 9 nurses');
    await expect(bob.getByTestId('room-row').filter({ hasText: 'Ward 9 nurses' })).toBeVisible({ timeout: DELIVERY_MS });
  });
});
