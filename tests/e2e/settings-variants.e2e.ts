// Settings in other variants: every settings page of the HOSPITAL build (its wording, for the screenshots) and its
// business apps (BUSINESS_APPS on the server), and the restricted JUDI build, whose menu has no help (with its
// release note) and no about.
import type { Locator, Page } from '@playwright/test';
import { createTestAccount, TEST_PASSWORD } from '../support/test-server.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';

const roster = { appId: 'roster', name: { en_US: 'Duty Roster', zh_TW: '值班表', zh_CN: '值班表' }, url: 'https://apps.example.com/roster' };
const hospital = serveVariant('HOSPITAL', { BUSINESS_APPS: JSON.stringify([roster]) }, async (server) => {
  await createTestAccount(server, { loginName: 'ward.clerk', fullName: 'Ward Clerk' });
  await createTestAccount(server, { loginName: 'ward.nurse', fullName: 'Ward Nurse' });
  await server.app.ctx.repos.tenants.create({ fullname: 'Tuen Mun Hospital', shortName: 'TMH' });
});
const judi = serveVariant('JUDI', {}, async (server) => {
  await createTestAccount(server, { loginName: 'registrar', fullName: 'Court Registrar' });
});

async function signIn(page: Page, url: string, nameLabel: string, loginName: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel(nameLabel).fill(loginName);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  // A login generates the device's RSA key pair and hashes the password: slow while the machine is busy.
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Settings' }).click();
}

test('HOSPITAL: every settings page opens from the menu', async ({ openPage }) => {
  const page = await openPage();
  await signIn(page, hospital.url, 'Corporate ID', 'ward.clerk');
  const menu = page.getByTestId('settings-menu');
  await expect(menu.getByRole('button', { name: 'Help and Update' })).toBeVisible();
  await screenshot(page, 'settings-menu-hospital');
  // Each page with what shows it has loaded.
  const pages: [entry: string, name: string, loaded: (shown: Locator) => Locator][] = [
    ['My Profile', 'personalinfo', (shown) => shown.getByLabel('Display Name')],
    ['Contacts', 'contactlist', (shown) => shown.getByTestId('contact').first()],
    ['News', 'newslist', (shown) => shown.getByText('No Record Found')],
    ['Privacy and Security', 'privacyandsecuritybody', (shown) => shown.getByLabel('Read receipts')],
    ['Language', 'language', (shown) => shown.getByLabel('English')],
    ['Do Not Disturb', 'dnd', (shown) => shown.getByTestId('dnd-state')],
    ['Notification Setting', 'notification', (shown) => shown.getByTestId('notification-permission')],
    ['My QR Code', 'myqrcode', (shown) => shown.getByRole('img', { name: 'My QR code' })],
    ['Server Data Storage', 'dataandstoragebody', (shown) => shown.getByLabel('Download attachments automatically')],
    ['Archived Messages', 'archivedmessage', (shown) => shown.getByText('No Archived Message')],
    ['Exported Messages', 'exportedmessage', (shown) => shown.getByText('No Exported Message')],
    ['Change Password', 'changepassword', (shown) => shown.getByLabel('Old Password')],
    ['Help and Update', 'helpandupdate', (shown) => shown.getByRole('link', { name: 'FAQ' })],
    ['About', 'about', (shown) => shown.getByRole('heading', { name: 'Hospital Chat' })],
  ];
  for (const [entry, name, loaded] of pages) {
    await menu.getByRole('button', { name: entry, exact: true }).click();
    const shown = page.getByTestId(`panel-page-${name}`);
    await expect(loaded(shown)).toBeVisible();
    await screenshot(page, `settings-${name}-hospital`);
    await page.getByRole('button', { name: 'Back' }).click();
  }

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Business apps' }).click();
  const apps = page.getByTestId('panel-page-bapplist');
  // Several tenants: the apps open for the one chosen (my own first), passed as tenantId.
  const app = apps.getByRole('link', { name: 'Duty Roster' });
  const tenant = apps.getByLabel('Tenant');
  await expect(tenant.locator('option:checked')).not.toHaveText('Tuen Mun Hospital');
  await expect(app).toHaveAttribute('href', new RegExp(`^${roster.url}\\?tenantId=\\d+$`));
  const before = await app.getAttribute('href');
  await tenant.selectOption({ label: 'Tuen Mun Hospital' });
  await expect(app).not.toHaveAttribute('href', before ?? '');
  await expect(app).toHaveAttribute('href', /tenantId=\d+$/);
  await screenshot(page, 'settings-bapplist-hospital');

  // 'More' (the seed's `more` page): the chat room list's apps and shortcuts to contacts, news, DND and my QR code.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  const more = page.getByTestId('panel-page-more');
  await expect(more.getByTestId('more-apps').getByRole('link', { name: 'Duty Roster' })).toHaveAttribute('href', /^https:\/\/apps\.example\.com\/roster\?tenantId=/);
  await expect(more.getByRole('button', { name: 'News' })).toBeVisible();
  await expect(more.getByRole('button', { name: 'Do Not Disturb' })).toBeVisible();
  await screenshot(page, 'rooms-more-hospital');
  await more.getByRole('button', { name: 'Contacts' }).click();
  await expect(page.getByTestId('panel-page-contactlist').getByTestId('contact').first()).toBeVisible();
});

test('JUDI (restricted): the menu has no help, release note or about', async ({ openPage }) => {
  const page = await openPage();
  await signIn(page, judi.url, 'Login Name', 'registrar');
  const menu = page.getByTestId('settings-menu');
  await expect(menu.getByRole('button', { name: 'My Profile' })).toBeVisible();
  await expect(menu.getByRole('button', { name: /Help/ })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'About' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Release Note' })).toHaveCount(0);
  await screenshot(page, 'settings-menu-judi');
});
