// The HOSPITAL build: its wording, horizontal login at 70 % width, its smaller and larger sizes, and the
// browser check it switches on (mobile redirect, old Internet Explorer page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestAccount, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';
import { screenshot, startBrowserHarness, type BrowserHarness } from './helpers.ts';

let harness: BrowserHarness;
let server: TestServer;
const newPage = (userAgent?: string): Promise<Page> => harness.newPage(userAgent);

const fontSize = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).fontSize);

beforeAll(async () => {
  harness = await startBrowserHarness('HOSPITAL');
  server = harness.server;
  await createTestAccount(server, { loginName: 'nurse', fullName: 'Nurse Wong' });
  await createTestAccount(server, { loginName: 'doctor', fullName: 'Doctor Lam' });
}, 240_000);

afterAll(() => harness?.close());

describe('HOSPITAL variant', () => {
  it('lays the login out horizontally at 70 % width with the hospital wording', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login$/);
    const name = page.getByLabel('Corporate ID');
    await name.waitFor();
    const ratio = await page.getByRole('form', { name: 'Login form' }).evaluate((form) => {
      const column = form.parentElement as HTMLElement;
      const area = column.parentElement as HTMLElement;
      const card = area.parentElement as HTMLElement;
      return { ratio: column.offsetWidth / area.clientWidth, direction: getComputedStyle(card).flexDirection };
    });
    expect(ratio.direction).toBe('row');
    expect(ratio.ratio).toBeCloseTo(0.7, 1);
    await screenshot(page, 'hospital-login');

    await name.fill('nurse');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/\/login\?loginFail$/);
    expect(await page.getByTestId('login-failure').textContent()).toBe(
      'The Corporate ID and/or password do not match, or the account is not yet registered on the chat service.',
    );
  });

  it('uses the hospital sizes in the chat', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel('Corporate ID').fill('nurse');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/\/chatroom$/);
    await page.getByText('Welcome to Hospital Chat').waitFor();
    expect(await fontSize(page, 'p:has-text("Welcome to Hospital Chat")')).toBe('30px');
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('dialog', { name: 'New chat' }).getByText('Doctor Lam').click();
    await page.getByRole('button', { name: 'Start chat' }).click();
    const composer = page.getByRole('combobox', { name: 'Message' });
    await composer.waitFor();
    expect(await composer.evaluate((element) => getComputedStyle(element).fontSize)).toBe('15px');
    await composer.fill('Bed 12 observation due');
    await composer.press('Enter');
    await page.getByTestId('message').filter({ hasText: 'Bed 12 observation due' }).waitFor();
    await screenshot(page, 'hospital-chat');
  });

  it('sends mobile browsers to the mobile version after the notice', async () => {
    const page = await newPage('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148');
    const alerted = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }));
    // The download page is outside this test: answer it locally.
    await page.route('https://hospital.chat.example.com/**', (route) => route.fulfill({ status: 200, body: 'mobile', contentType: 'text/plain' }));
    await page.goto(`${server.url}/?roomId=42`);
    expect(await alerted).toBe('Please visit the following page for mobile version');
    await page.waitForURL('https://hospital.chat.example.com/mobile');
  });

  it('shows the default unsupported-browser page to old Internet Explorer', async () => {
    const page = await newPage('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko');
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: "Hospital Chat don't support this version of your browser" }).waitFor();
    for (const text of ['Recommended', 'Compatible', 'Not Support', 'Google Chrome', 'Mozilla Firefox', 'Apple Safari', 'Microsoft Edge', 'Internet Explorer']) {
      expect(await page.getByText(text, { exact: true }).count()).toBe(1);
    }
  });
});
