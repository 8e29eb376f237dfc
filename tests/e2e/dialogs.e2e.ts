// App-level dialogs: the seed's not-supported popup (a dialog with OK, not a toast), its accessibility message in
// the UI's language (HKMA, a variant with the accessibility badge) and the confirmation before logout (CSD).
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD', {}, async (server) => {
  await createTestAccount(server, { loginName: 'alice', fullName: 'Alice Chan' });
});
const hkma = serveVariant('HKMA');

test('a feature the web client lacks says so in a dialog that stays until OK', async ({ openPage }) => {
  const page = await openPage();
  await login(page, csd.url, 'alice', TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  // An external conference needs a provider's meeting client the web client does not have.
  await page.getByRole('button', { name: 'My own chat (notes to self)' }).click();
  await expect(page.getByTestId('chat-title')).toBeVisible();
  // The header folds its less used actions into "More actions" (docs/client-ui.md, "Chat header"): a menu for the
  // keyboard (Enter opens it on its first item, the arrows move, Escape closes it back to its button) that a click
  // outside closes too.
  const more = page.getByRole('button', { name: 'More actions' });
  const menu = page.getByRole('menu', { name: 'More actions' });
  const external = menu.getByRole('menuitem', { name: 'External conference call' });
  await more.click();
  await expect(menu).toBeVisible();
  await page.getByTestId('chat-title').click();
  await expect(menu).toBeHidden();
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(external).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(external).not.toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(external).toBeFocused();
  await screenshot(page, 'chat-header-more');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(external).toBeFocused();
  await page.keyboard.press('Enter');
  const popup = page.getByRole('alertdialog', { name: 'CSD Chat' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('This Feature Is Not Supported In Web Client.');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  const ok = popup.getByRole('button', { name: 'OK' });
  await expect(ok).toBeFocused(); // Enter closes it
  await screenshot(page, 'not-supported-dialog');
  await ok.click();
  await expect(popup).toBeHidden();
  await expect(more).toBeFocused(); // focus goes back to the menu's button
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

test('the accessibility message opens in a dialog with OK, in the language of the page', async ({ openPage }) => {
  const english = await openPage();
  await english.goto(`${hkma.url}/login`);
  await english.getByRole('button', { name: 'Accessibility', exact: true }).click();
  const popup = english.getByRole('alertdialog', { name: 'Accessibility' });
  await expect(popup).toContainText('Web Content Accessibility Guidelines (WCAG) 2.1 level AA');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();

  for (const [locale, button, text, ok] of [
    ['zh-TW', '無障礙', '《無障礙網頁內容指引》', '確定'],
    ['zh-CN', '无障碍', '《网页内容无障碍指南》', '确定'],
  ] as const) {
    const page = await openPage({ locale });
    await page.goto(`${hkma.url}/login`);
    await page.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: button });
    await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: ok }).click();
    await expect(dialog).toBeHidden();
  }
});
