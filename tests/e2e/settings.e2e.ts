// The CSD client's settings against the reference server: the footer's Settings opens the menu; my profile (names
// with the seed's length rule, photo upload and removal), help and about; read receipts switched off are withheld
// from the other member's client at once; the language switched live and kept at the next login in a new browser;
// logout of all other sessions ends a second browser at once; the voluntary password change.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { person, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');
const responseOf = (page: Page, path: string) => page.waitForResponse((response) => response.url().endsWith(path) && response.ok());

let people = 0;
async function somebody(name: string): Promise<Person> {
  people += 1;
  return person(csd.server, `${name.toLowerCase()}${people}`, `${name} ${people}`);
}

async function signedIn(page: Page, who: Person, password = TEST_PASSWORD): Promise<void> {
  await login(page, csd.url, who.loginName, password);
  await expect(page).toHaveURL(/\/chatroom$/);
}

/** Opens a settings page from the room list's footer. */
async function openSetting(page: Page, entry: string): Promise<void> {
  if (!(await page.getByTestId('panel-page-setting').isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('settings-menu').getByRole('button', { name: entry, exact: true }).click();
}

test('the settings menu leads to my profile, help and about; names keep to their lengths and the photo comes and goes', async ({ openPage }) => {
  const me = await somebody('Mina');
  const page = await openPage();
  await signedIn(page, me);
  await page.getByRole('button', { name: 'Settings' }).click();
  const menu = page.getByTestId('settings-menu');
  await expect(menu.getByRole('button')).toHaveText([
    'My Profile',
    'Privacy and Security',
    'Language',
    'Change Password',
    'Help',
    'About',
    'Logout All Other Sessions',
  ]);
  await screenshot(page, 'settings-menu-csd');

  await menu.getByRole('button', { name: 'My Profile' }).click();
  const profile = page.getByTestId('panel-page-personalinfo');
  const displayName = profile.getByLabel('Display Name');
  await displayName.fill('x'.repeat(31));
  await profile.getByRole('button', { name: 'Save' }).first().click();
  await expect(profile.getByText('Please check the name length')).toBeVisible();
  await displayName.fill('Mina the Nurse');
  await profile.getByRole('button', { name: 'Save' }).first().click();
  await expect(profile.getByText('Please check the name length')).toBeHidden();
  await expect(page.getByText('Saved')).toBeVisible();
  await profile.getByLabel('Search Name').fill('mina search');
  await profile.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(profile.getByText(me.loginName, { exact: true })).toBeVisible();

  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#1d4e89' } }).png().toBuffer();
  await profile.getByLabel('Choose a profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(profile.getByTestId('my-photo')).toBeVisible();
  await screenshot(page, 'settings-personalinfo-csd');
  await profile.getByRole('button', { name: 'Remove Photo' }).click();
  await expect(profile.getByTestId('my-photo')).toBeHidden();

  // The saved names come back from the server when the page opens again.
  await page.getByRole('button', { name: 'Back' }).click();
  await menu.getByRole('button', { name: 'My Profile' }).click();
  await expect(page.getByTestId('panel-page-personalinfo').getByLabel('Display Name')).toHaveValue('Mina the Nurse');
  await expect(page.getByTestId('panel-page-personalinfo').getByLabel('Search Name')).toHaveValue('mina search');
  await page.getByRole('button', { name: 'Back' }).click();

  await menu.getByRole('button', { name: 'Help' }).click();
  const help = page.getByTestId('panel-page-helpandupdate');
  await expect(help.getByRole('link')).toHaveText(['FAQ', 'Get Started', 'Contact Us', 'Terms and Conditions', 'Release Note']);
  await expect(help.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', 'https://csd.chat.example.com/help/faq');
  await screenshot(page, 'settings-help-csd');
  await page.getByRole('button', { name: 'Back' }).click();
  await menu.getByRole('button', { name: 'About' }).click();
  await expect(page.getByTestId('about')).toContainText('CSD Chat');
  await expect(page.getByTestId('about')).toContainText('Version 1.0.15 (build 18)');
  await screenshot(page, 'settings-about-csd');
});

test("read receipts switched off are withheld from the other member's client; switched on, they show again", async ({ openPage }) => {
  const me = await somebody('Reader');
  const other = await somebody('Writer');
  if (!(await other.api.createSingleRoom({ memberId: String(me.id) })).ok) throw new Error('could not open the chat');
  const mine = await openPage();
  const theirs = await openPage();
  await signedIn(mine, me);
  await openSetting(mine, 'Privacy and Security');
  const privacy = mine.getByTestId('panel-page-privacyandsecuritybody');
  const receipts = privacy.getByLabel('Read receipts');
  await expect(receipts).toBeChecked();
  const savedOff = responseOf(mine, '/updateaccountprivacyreadreceipt');
  await receipts.click();
  await savedOff;
  await expect(receipts).not.toBeChecked();
  await expect(privacy.getByRole('group', { name: 'Who can see my last seen' }).getByLabel('Everyone')).toBeChecked();
  await screenshot(mine, 'settings-privacy-csd');

  await signedIn(theirs, other);
  await theirs.getByTestId('room-row').filter({ hasText: 'Reader' }).click();
  const composer = theirs.getByRole('combobox', { name: 'Message' });
  await composer.fill('Sent while receipts are off');
  await composer.press('Enter');
  const first = theirs.getByTestId('message').filter({ hasText: 'Sent while receipts are off' });
  await expect(first.locator('[data-status]')).toHaveAttribute('data-status', 'ALL_RECEIVED');

  const read = responseOf(mine, '/markreadaesmessages');
  await mine.getByRole('button', { name: 'Close details' }).click();
  await mine.getByTestId('room-row').filter({ hasText: 'Writer' }).click();
  await read;
  await openSetting(mine, 'Privacy and Security');
  const savedOn = responseOf(mine, '/updateaccountprivacyreadreceipt');
  await mine.getByTestId('panel-page-privacyandsecuritybody').getByLabel('Read receipts').click();
  await savedOn;

  const readAgain = responseOf(mine, '/markreadaesmessages');
  await composer.fill('Sent with receipts on');
  await composer.press('Enter');
  await readAgain;
  // The other member opens the chat again: the message read with receipts on is read, the other one never is.
  await theirs.reload();
  await theirs.getByTestId('room-row').filter({ hasText: 'Reader' }).click();
  const second = theirs.getByTestId('message').filter({ hasText: 'Sent with receipts on' });
  await expect(second.locator('[data-status]')).toHaveAttribute('data-status', 'ALL_READ');
  await expect(first.locator('[data-status]')).toHaveAttribute('data-status', 'ALL_RECEIVED');
});

test('the language switches live, is kept with the account and used at the next login in another browser', async ({ openPage }) => {
  const me = await somebody('Lang');
  const page = await openPage();
  await signedIn(page, me);
  await openSetting(page, 'Language');
  const saved = responseOf(page, '/updateaccountlangsetting');
  await page.getByLabel('繁體中文').click();
  await saved;
  await expect(page.getByLabel('繁體中文')).toBeChecked();
  await expect(page.getByTestId('panel-page-language').getByRole('heading', { name: '語言' })).toBeVisible();
  await expect(page.getByRole('group', { name: '顯示語言' })).toBeVisible();
  await screenshot(page, 'settings-language-csd');

  const elsewhere = await openPage();
  await signedIn(elsewhere, me);
  await expect(elsewhere.getByRole('button', { name: '設定' })).toBeVisible();
  await elsewhere.getByRole('button', { name: '設定' }).click();
  await expect(elsewhere.getByTestId('settings-menu').getByRole('button', { name: '我的個人資料' })).toBeVisible();
});

test('logout of all other sessions ends the second browser at once; the password changes with the seed texts', async ({ openPage }) => {
  const me = await somebody('Keys');
  const first = await openPage();
  const second = await openPage();
  await signedIn(first, me);
  await signedIn(second, me);

  await openSetting(first, 'Logout All Other Sessions');
  const dialog = first.getByRole('alertdialog', { name: 'Logout All Other Sessions' });
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(first.getByText('All other sessions have been logged out.')).toBeVisible();
  await expect(second).toHaveURL(/\/login/);
  await expect(first).toHaveURL(/\/chatroom$/);

  await openSetting(first, 'Change Password');
  const form = first.getByTestId('change-password-form');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please validate the information');
  await form.getByLabel('Old Password').fill(TEST_PASSWORD);
  await form.getByLabel('New Password').fill('N3w-secret-pass');
  await form.getByLabel('Confirm Password').fill('N3w-secret-typo');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('New Password Must Be Same As Confirm Password');
  await screenshot(first, 'settings-changepassword-csd');
  await form.getByLabel('Old Password').fill('not-my-password');
  await form.getByLabel('Confirm Password').fill('N3w-secret-pass');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Update Fail');
  await form.getByLabel('Old Password').fill(TEST_PASSWORD);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(first.getByText('Password changed. Your other sessions have been logged out.')).toBeVisible();
  await expect(first.getByTestId('panel-page-setting')).toBeVisible();

  await signedIn(second, me, 'N3w-secret-pass');
});
