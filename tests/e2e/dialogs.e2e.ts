// App-level dialogs of the CSD client: the seed's not-supported popup (a dialog with OK, not a toast) and the
// confirmation before logout (the kit's confirm dialog).
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD', {}, async (server) => {
  await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Chan' });
});

test('a feature the web client lacks says so in a dialog that stays until OK', async ({ openPage }) => {
  const page = await openPage();
  await login(page, csd.url, 'alice', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  await page.getByRole('button', { name: 'Settings' }).click();
  const popup = page.getByRole('alertdialog', { name: 'CSD Chat' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('This Feature Is Not Supported In Web Client.');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  const ok = popup.getByRole('button', { name: 'OK' });
  await expect(ok).toBeFocused(); // Enter closes it
  await screenshot(page, 'not-supported-dialog');
  await ok.click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused(); // focus goes back where it was
});

test('logout asks first: Cancel and Escape keep the session, Logout ends it', async ({ openPage }) => {
  const page = await openPage();
  await login(page, csd.url, 'alice', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  const logoutButton = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' });
  const confirm = page.getByRole('alertdialog', { name: 'Logout' });

  await logoutButton.click();
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Log out of this browser?');
  await screenshot(page, 'logout-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/chatroom$/);

  await logoutButton.click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/chatroom$/);

  await logoutButton.click();
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
