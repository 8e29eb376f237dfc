// The CSD client in a real browser against the reference server: login outcomes, the change-password form,
// and two users chatting in two browser contexts (text, file, reply) with realtime delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { createTestAccount, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';
import { axeViolations, login, screenshot, startBrowserHarness, type BrowserHarness } from './helpers.ts';

let harness: BrowserHarness;
let server: TestServer;
const newPage = (userAgent?: string): Promise<Page> => harness.newPage(userAgent);

beforeAll(async () => {
  harness = await startBrowserHarness('CSD');
  server = harness.server;
  await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Chan' });
  await createTestAccount(server, { loginName: 'bob', fullName: 'Bob Lee' });
  await createTestAccount(server, { loginName: 'carol', fullName: 'Carol Ho', mustChangePassword: true });
}, 240_000);

afterAll(() => harness?.close());

describe('login page', () => {
  it('shows the server message in red above the form after a wrong password', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await screenshot(page, 'login-page');

    // Empty fields are refused before any call.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in the information' }).isVisible()).resolves.toBe(true);

    await login(page, server.url, 'alice', 'wrong-password');
    await page.waitForURL(/\/login\?loginFail$/);
    const failure = page.getByTestId('login-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toBe('Incorrect login name or password');
    const color = await failure.evaluate((element) => getComputedStyle(element).color);
    expect(color).toBe('rgb(180, 35, 24)'); // the CSD theme's danger token
    const formTop = await page.getByRole('form', { name: 'Login form' }).evaluate((element) => element.getBoundingClientRect().top);
    const failureBottom = await failure.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(failureBottom).toBeLessThanOrEqual(formTop);
  });

  it('has no serious or critical accessibility violations', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('replaces the login form with the change-password form for an account that must change it', async () => {
    const page = await newPage();
    await login(page, server.url, 'carol', TEST_PASSWORD);
    const form = page.getByTestId('change-password-form');
    await form.waitFor();
    expect(await page.getByRole('form', { name: 'Login form' }).count()).toBe(0);
    await page.getByLabel('Old Password').fill(TEST_PASSWORD);
    await page.getByLabel('New Password').fill('N3w-Passw0rd!');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByLabel('Confirm Password').press('Enter');
    await page.getByRole('alert').filter({ hasText: 'New Password Must Be Same As Confirm Password' }).waitFor();
  });
});

describe('two users chatting', () => {
  it('delivers text, a file and a reply in real time, and sends no plaintext', async () => {
    const alice = await newPage();
    const bob = await newPage();
    const sendBodies: string[] = [];
    alice.on('request', (request: Request) => {
      if (request.url().endsWith('/chat/sec/message/sendaesmessage')) sendBodies.push(request.postData() ?? '');
    });

    await login(alice, server.url, 'alice', TEST_PASSWORD);
    await alice.waitForURL(/\/chatroom$/);
    await alice.getByRole('heading', { name: 'Chats' }).waitFor();
    await login(bob, server.url, 'bob', TEST_PASSWORD);
    await bob.waitForURL(/\/chatroom$/);
    await bob.getByRole('heading', { name: 'Chats' }).waitFor();

    // Alice opens a chat with Bob through the account picker.
    await alice.getByRole('button', { name: 'New chat' }).click();
    await alice.getByRole('dialog', { name: 'New chat' }).getByText('Bob Lee').click();
    await alice.getByRole('button', { name: 'Start chat' }).click();
    await alice.getByTestId('chat-title').filter({ hasText: 'Bob Lee' }).waitFor();

    const secret = `Ward 7 handover at ${Date.now()}`;
    const composer = alice.getByRole('combobox', { name: 'Message' });
    await composer.fill(secret);
    const sent = alice.waitForResponse((response) => response.url().endsWith('/chat/sec/message/sendaesmessage'));
    await composer.press('Enter');
    await sent;
    const sentAt = Date.now();

    // Bob: the room arrives through the socket; he opens it and sees the text without reloading.
    const bobRoom = bob.getByTestId('room-row').filter({ hasText: 'Alice Chan' });
    await bobRoom.waitFor({ timeout: 5000 });
    await bobRoom.click();
    await bob.getByTestId('message').filter({ hasText: secret }).waitFor({ timeout: 5000 });

    // A type the server's client config does not list is refused before sending.
    await alice.getByTestId('file-input').setInputFiles({ name: 'rota.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await alice.getByTestId('toast').filter({ hasText: 'The file type of "rota.txt" is not supported' }).waitFor();

    // With the room open, a file from Alice shows up for Bob within a second.
    const fileSent = alice.waitForResponse((response) => response.url().endsWith('/chat/sec/message/sendaesmessage'));
    await alice.getByTestId('file-input').setInputFiles({ name: 'rota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 night shift rota') });
    await fileSent;
    const fileSentAt = Date.now();
    await bob.getByTestId('message').filter({ hasText: 'rota.pdf' }).waitFor({ timeout: 1000 });
    expect(Date.now() - fileSentAt).toBeLessThan(1000);
    expect(sentAt).toBeGreaterThan(0);

    // Bob replies to the text; Alice sees the reply without reloading.
    const secretMessage = bob.getByTestId('message').filter({ hasText: secret }).first();
    await secretMessage.hover();
    await secretMessage.getByRole('button', { name: 'Reply' }).click();
    const reply = `Noted, thanks ${Date.now()}`;
    await bob.getByRole('combobox', { name: 'Message' }).fill(reply);
    await bob.getByRole('combobox', { name: 'Message' }).press('Enter');
    await alice.getByTestId('message').filter({ hasText: reply }).waitFor({ timeout: 2000 });

    // Presence: Bob's header shows Alice online (she has the room open and said ONLINE).
    const aliceDot = bob.getByTestId('chat-title').getByTestId('online-dot');
    await bob.getByTestId('chat-title').locator('[data-testid="online-dot"][data-online="true"]').waitFor({ timeout: 5000 });
    expect(await aliceDot.getAttribute('aria-label')).toBe('Online');

    // While Alice types in the room Bob has open, Bob sees it under the room header (TYPING, sent at most every
    // 3 s: typing for over 3 s sends at least one whatever was sent before).
    const bobTyping = bob.getByTestId('typing-indicator');
    expect(await bobTyping.textContent()).toBe('');
    await composer.pressSequentially('Checking the rota', { delay: 200 });
    await bobTyping.filter({ hasText: 'Alice Chan is typing…' }).waitFor({ timeout: 5000 });
    expect(await alice.getByTestId('typing-indicator').textContent()).not.toContain('Alice Chan'); // never her own

    // A fresh text while Bob has the room open arrives within a second.
    const quick = `Quick check ${Date.now()}`;
    const quickSent = alice.waitForResponse((response) => response.url().endsWith('/chat/sec/message/sendaesmessage'));
    await composer.fill(quick);
    await composer.press('Enter');
    await quickSent;
    const quickAt = Date.now();
    await bob.getByTestId('message').filter({ hasText: quick }).waitFor({ timeout: 1000 });
    expect(Date.now() - quickAt).toBeLessThan(1000);
    // Her message arrived (or 5 s passed): the typing line is empty again.
    await bob.waitForFunction(() => document.querySelector('[data-testid="typing-indicator"]')?.textContent === '', null, { timeout: 6000 });

    // Nothing readable travelled in the send bodies.
    expect(sendBodies.length).toBeGreaterThanOrEqual(3);
    for (const body of sendBodies) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(quick);
      expect(body).not.toContain('night shift rota');
      expect(body).not.toContain(Buffer.from('%PDF-1.4 night shift rota').toString('base64'));
    }

    // Own messages sit on one side, others on the other.
    const own = await alice.getByTestId('message').filter({ hasText: secret }).first().getAttribute('data-own');
    const other = await alice.getByTestId('message').filter({ hasText: reply }).getAttribute('data-own');
    expect([own, other]).toEqual(['true', 'false']);
    await alice.mouse.move(0, 0);
    expect(await axeViolations(alice)).toEqual([]);
    await screenshot(alice, 'chat-alice');
    await screenshot(bob, 'chat-bob');

    // Alice closes the room (OFFLINE): Bob's header shows her offline.
    await alice.getByRole('button', { name: 'Close chat' }).click();
    await bob.getByTestId('chat-title').locator('[data-testid="online-dot"][data-online="false"]').waitFor({ timeout: 5000 });
    expect(await aliceDot.getAttribute('aria-label')).toBe('Offline');
  });
});

describe('creating a group', () => {
  it("shows the seed's validation texts, then opens the new group for its members", async () => {
    const alice = await newPage();
    const bob = await newPage();
    await login(alice, server.url, 'alice', TEST_PASSWORD);
    await alice.waitForURL(/\/chatroom$/);
    await login(bob, server.url, 'bob', TEST_PASSWORD);
    await bob.waitForURL(/\/chatroom$/);

    await alice.getByRole('button', { name: 'New group' }).click();
    const dialog = alice.getByRole('dialog', { name: 'New group' });
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Member or Room Name are missing' }).waitFor();
    await dialog.getByLabel('Group name').fill('Ward 9 nurses');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please Select a Member' }).waitFor();
    await dialog.getByLabel('Group name').fill('A group name far longer than allowed');
    await dialog.getByText('Bob Lee').click();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please check the name length' }).waitFor();
    await dialog.getByLabel('Group name').fill('Ward 9 nurses');
    await dialog.getByRole('button', { name: 'Create group' }).click();

    await alice.getByTestId('chat-title').filter({ hasText: 'Ward 9 nurses' }).waitFor();
    await bob.getByTestId('room-row').filter({ hasText: 'Ward 9 nurses' }).waitFor({ timeout: 5000 });
  });
});
