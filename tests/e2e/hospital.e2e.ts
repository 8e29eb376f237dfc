// The HOSPITAL build: its wording, horizontal login at 70 % width, its smaller and larger sizes, and the
// browser check it switches on (mobile redirect, old Internet Explorer page).
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';

const hospital = serveVariant('HOSPITAL', {}, async (server) => {
  await createTestAccount(server, { loginName: 'nurse', fullName: 'Nurse Wong' });
  await createTestAccount(server, { loginName: 'doctor', fullName: 'Doctor Lam' });
});

test.describe('HOSPITAL variant', () => {
  test('lays the login out horizontally at 70 % width with the hospital wording', async ({ openPage }) => {
    const page = await openPage();
    await page.goto(`${hospital.url}/`);
    await expect(page).toHaveURL(/\/login$/);
    const name = page.getByLabel('Corporate ID');
    await expect(name).toBeVisible();
    const layout = await page.getByRole('form', { name: 'Login form' }).evaluate((form) => {
      const column = form.parentElement as HTMLElement;
      const area = column.parentElement as HTMLElement;
      const card = area.parentElement as HTMLElement;
      return { ratio: column.offsetWidth / area.clientWidth, direction: getComputedStyle(card).flexDirection };
    });
    expect(layout.direction).toBe('row');
    expect(layout.ratio).toBeCloseTo(0.7, 1);
    // The password box (with its visibility toggle) lines up with the Corporate ID box: same start, same width.
    const boxOf = async (label: string) => (await page.getByLabel(label, { exact: true }).locator('..').boundingBox())!;
    const [idBox, passwordBox] = [await boxOf('Corporate ID'), await boxOf('Password')];
    expect(Math.abs(passwordBox.x - idBox.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(passwordBox.width - idBox.width)).toBeLessThanOrEqual(1);
    await screenshot(page, 'hospital-login');

    await name.fill('nurse');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/login\?loginFail$/);
    await expect(page.getByTestId('login-failure')).toHaveText(
      'The Corporate ID and/or password do not match, or the account is not yet registered on the chat service.',
    );
  });

  test('uses the hospital sizes in the chat', async ({ openPage }) => {
    const page = await openPage();
    await page.goto(`${hospital.url}/`);
    await page.getByLabel('Corporate ID').fill('nurse');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/chatroom$/);
    const welcome = page.locator('p', { hasText: 'Welcome to Hospital Chat' }).first();
    await expect(welcome).toHaveCSS('font-size', '30px');
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('button', { name: 'Chat with a person' }).click();
    await page.getByTestId('panel-page-selectroommember').getByText('Doctor Lam').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Start chat' }).click();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect(composer).toHaveCSS('font-size', '15px');
    await composer.fill('Bed 12 observation due');
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: 'Bed 12 observation due' })).toBeVisible();
    await screenshot(page, 'hospital-chat');
  });

  test('sends mobile browsers to the mobile version after the notice', async ({ openPage }) => {
    const page = await openPage({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' });
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    // The download page is outside this test: answer it locally.
    await page.route('https://hospital.chat.example.com/**', (route) => route.fulfill({ status: 200, body: 'mobile', contentType: 'text/plain' }));
    await page.goto(`${hospital.url}/?roomId=42`);
    expect(await alerted).toBe('Please visit the following page for mobile version');
    await expect(page).toHaveURL('https://hospital.chat.example.com/mobile');
  });

  test('shows the default unsupported-browser page to old Internet Explorer', async ({ openPage }) => {
    const page = await openPage({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' });
    await page.goto(`${hospital.url}/`);
    await expect(page.getByRole('heading', { name: "Hospital Chat don't support this version of your browser" })).toBeVisible();
    for (const text of ['Recommended', 'Compatible', 'Not Support', 'Google Chrome', 'Mozilla Firefox', 'Apple Safari', 'Microsoft Edge', 'Internet Explorer']) {
      await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    }
  });
});
