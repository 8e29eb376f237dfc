// The CSD client's settings against the reference server: the footer's Settings opens the menu; my profile (names
// with the seed's length rule, photo upload and removal), help, about, notification setting and my QR code; read
// receipts switched off are withheld from the other member's client at once, and a hidden last seen disappears from it; the language switched live and kept
// at the next login in a new browser; Do Not Disturb makes a message arrive without a desktop notification; logout
// of all other sessions ends a second browser at once; the voluntary password change.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { person, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { sendTexts } from './support/room-helpers.ts';
import { distributionLists } from '../../server/store/repos/distribution-lists.ts';

const csd = serveVariant('CSD');
const responseOf = (page: Page, path: string) => page.waitForResponse((response) => response.url().endsWith(path) && response.ok());

let people = 0;
async function somebody(name: string): Promise<Person> {
  people += 1;
  return person(csd.server, `${name.toLowerCase()}${people}`, `${name} ${people}`);
}

async function signedIn(page: Page, who: Person, password = TEST_PASSWORD): Promise<void> {
  await login(page, csd.url, who.loginName, password);
  // A login generates the device's RSA key pair and hashes the password: slow while the machine is busy.
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
}

/** Opens a settings page from the room list's footer. */
async function openSetting(page: Page, entry: string): Promise<void> {
  if (!(await page.getByTestId('panel-page-setting').isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('settings-menu').getByRole('button', { name: entry, exact: true }).click();
}

test('the settings menu leads to my profile, help and about; names keep to their lengths and the photo comes and goes', async ({ openPage }) => {
  const me = await somebody('Mina');
  const friend = await somebody('Friend');
  const room = await me.api.createSingleRoom({ memberId: String(friend.id) });
  if (!room.ok) throw new Error('could not open the chat');
  const roomId = String(room.data.roomId);
  await sendTexts(me, roomId, ['One for the archive', 'Two for the archive']);
  if (!(await me.api.archiveAllAesMessages({ roomId, withEmail: false, withStarredMessage: true })).ok) throw new Error('could not archive');
  const page = await openPage();
  await signedIn(page, me);
  await page.getByRole('button', { name: 'Settings' }).click();
  const menu = page.getByTestId('settings-menu');
  await expect(menu.getByRole('button')).toHaveText([
    'My Profile',
    'Contacts',
    'News',
    'Privacy and Security',
    'Language',
    'Do Not Disturb',
    'Notification Setting',
    'My QR Code',
    'Server Data Storage',
    'Archived Messages',
    'Exported Messages',
    'Private Album',
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
  await page.getByRole('button', { name: 'Back' }).click();

  await menu.getByRole('button', { name: 'Notification Setting' }).click();
  await expect(page.getByTestId('notification-permission')).toHaveText('This browser has not been allowed to show desktop notifications yet.');
  await screenshot(page, 'settings-notification-csd');
  await page.getByRole('button', { name: 'Back' }).click();
  await menu.getByRole('button', { name: 'My QR Code' }).click();
  const qr = page.getByTestId('my-qr-code');
  await expect(qr.getByRole('img', { name: 'My QR code' })).toBeVisible();
  await expect(qr.locator('[data-link]')).toHaveAttribute('data-link', new RegExp(`/deeplink/opencontactinfo\\?accountId=${me.id}$`));
  await screenshot(page, 'settings-myqrcode-csd');
  await page.getByRole('button', { name: 'Back' }).click();

  await menu.getByRole('button', { name: 'Server Data Storage' }).click();
  const storage = page.getByTestId('data-storage');
  await expect(storage.getByTestId('storage-row').filter({ hasText: 'Text' })).toContainText('2');
  await expect(storage.getByLabel('Download attachments automatically')).toBeVisible();
  await screenshot(page, 'settings-dataandstoragebody-csd');
  await storage.getByRole('button', { name: 'Delete All Server Messages' }).click();
  await page.getByRole('alertdialog', { name: 'Delete All Server Messages' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await menu.getByRole('button', { name: 'Archived Messages' }).click();
  const archive = page.getByTestId('archive').filter({ hasText: `Friend ${people}` });
  await expect(archive).toBeVisible();
  const saved = page.waitForEvent('download');
  await archive.getByRole('button', { name: `Download Friend ${people}` }).click();
  expect((await saved).suggestedFilename()).toMatch(/\.zip$/);
  await screenshot(page, 'settings-archivedmessage-csd');
});

test("my profile's directory fields: a local account changes them, a bad address is refused with the seed's text", async ({ openPage }) => {
  const me = await somebody('Dora');
  const page = await openPage();
  await signedIn(page, me);
  await openSetting(page, 'My Profile');
  const profile = page.getByTestId('panel-page-personalinfo');
  const formOf = (label: string) => profile.locator('form').filter({ has: page.getByLabel(label, { exact: true }) });

  await formOf('Email').getByLabel('Email', { exact: true }).fill('dora at the ward');
  await formOf('Email').getByRole('button', { name: 'Save' }).click();
  await expect(formOf('Email')).toContainText('Input not valid, please check');
  await formOf('Email').getByLabel('Email', { exact: true }).fill('dora@ward7.example.org');
  const saved = responseOf(page, '/chat/sec/account/updateaccountprofile');
  await formOf('Email').getByRole('button', { name: 'Save' }).click();
  await saved;
  await expect(formOf('Email')).not.toContainText('Input not valid, please check');
  await formOf('Post title').getByLabel('Post title', { exact: true }).fill('Ward Manager');
  await formOf('Post title').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' }).first()).toBeVisible();
  // The login name stays read-only.
  await expect(profile.getByText(me.loginName, { exact: true })).toBeVisible();
  await expect(profile.getByLabel('Login Name')).toHaveCount(0);
  await screenshot(page, 'settings-profile-fields');

  // Kept by the server, and shown again when the page opens anew.
  await expect.poll(async () => {
    const mine = await me.api.getAccountProfile({});
    return mine.ok ? [mine.data.accountInfo.emailAddr, mine.data.accountInfo.postTitle] : null;
  }).toEqual(['dora@ward7.example.org', 'Ward Manager']);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByTestId('settings-menu').getByRole('button', { name: 'My Profile' }).click();
  await expect(formOf('Email').getByLabel('Email', { exact: true })).toHaveValue('dora@ward7.example.org');
  await expect(formOf('Post title').getByLabel('Post title', { exact: true })).toHaveValue('Ward Manager');
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
  // Radio buttons and check boxes line up: one size and one start edge, so their labels start together too.
  const edges = async (label: string) =>
    privacy.getByLabel(label).first().evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { left: Math.round(box.left), width: Math.round(box.width) };
    });
  expect(await edges('Everyone')).toEqual(await edges('Read receipts'));
  await screenshot(mine, 'settings-privacy-csd');

  await signedIn(theirs, other);
  await theirs.getByTestId('room-row').filter({ hasText: 'Reader' }).click();
  const composer = theirs.getByRole('textbox', { name: 'Message', exact: true });
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

  // Last seen hidden from everyone: the other member's open chat loses my presence at once, and shows it again.
  const presence = theirs.getByTestId('chat-title').getByTestId('online-dot');
  await expect(presence).toHaveAttribute('data-online', 'true');
  const lastSeen = mine.getByTestId('panel-page-privacyandsecuritybody').getByRole('group', { name: 'Who can see my last seen' });
  await lastSeen.getByLabel('Nobody').check();
  await expect(presence).toBeHidden();
  await lastSeen.getByLabel('Everyone').check();
  await expect(presence).toHaveAttribute('data-online', 'true');
});

/** Desktop notifications as the page would show them while hidden: counted instead of shown. */
async function countNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownNotifications: shown });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => true });
    class CountedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    Object.assign(window, { Notification: CountedNotification });
  });
}
const notificationsShown = (page: Page) => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications.length);

test('with Do Not Disturb on a message arrives without a desktop notification; off, notifications come back', async ({ openPage }) => {
  const me = await somebody('Quiet');
  const other = await somebody('Caller');
  const created = await other.api.createSingleRoom({ memberId: String(me.id) });
  if (!created.ok) throw new Error('could not open the chat');
  const roomId = String(created.data.roomId);
  const page = await openPage();
  await countNotifications(page);
  await signedIn(page, me);
  const row = page.getByTestId('room-row').filter({ hasText: 'Caller' });
  await expect(row).toBeVisible();
  await sendTexts(other, roomId, ['Before quiet time']);
  await expect(row.getByTestId('room-preview')).toHaveText('Before quiet time');
  await expect.poll(() => notificationsShown(page)).toBe(1);

  await openSetting(page, 'Do Not Disturb');
  const dnd = page.getByTestId('panel-page-dnd');
  await expect(dnd.getByTestId('dnd-state')).toHaveText('Do Not Disturb is off');
  await dnd.getByLabel('Until a date').click();
  await dnd.getByLabel('End date').fill('2091-01-01T00:00');
  await dnd.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('DND Fail')).toBeVisible();
  await dnd.getByLabel('1 hour').click();
  await dnd.getByRole('button', { name: 'Turn On' }).click();
  await expect(dnd.getByTestId('dnd-state')).toContainText('Do Not Disturb is on until');
  await screenshot(page, 'settings-dnd-csd');

  await page.getByRole('button', { name: 'Close details' }).click();
  await sendTexts(other, roomId, ['During quiet time']);
  await expect(row.getByTestId('room-preview')).toHaveText('During quiet time');
  expect(await notificationsShown(page)).toBe(1);

  await openSetting(page, 'Do Not Disturb');
  await page.getByTestId('panel-page-dnd').getByRole('button', { name: 'Turn Off' }).click();
  await expect(page.getByTestId('dnd-state')).toHaveText('Do Not Disturb is off');
  await sendTexts(other, roomId, ['After quiet time']);
  await expect.poll(() => notificationsShown(page)).toBe(2);
});

test('news: the unread count on the room list follows publishing and reading; the item shows its text and files', async ({ openPage }) => {
  const desk = await person(csd.server, `newsdesk${++people}`, { fullName: 'News Desk', roles: ['IM_USER', 'ADMIN'] });
  const me = await somebody('Newsreader');
  const publish = async (title: string, content: string, files: File[] = []) => {
    const published = await desk.api.publishNews({ title, content, seq: 1 }, { files });
    if (!published.ok) throw new Error(`could not publish: ${JSON.stringify(published.errMsgList)}`);
  };
  const notice = new File([new TextEncoder().encode('Ward 7 opens at eight.')], 'ward-notice.txt', { type: 'text/plain' });
  await publish('New visiting hours', '<p>12:00 to 20:00</p><p>Every day<img src=x onerror="document.title=\'owned\'"></p><script>document.title="owned"</script>', [notice]);
  await publish('Canteen menu', '<p>Soup of the day</p>');

  const page = await openPage();
  await signedIn(page, me);
  const entry = page.getByTestId('news-entry');
  await expect(entry.getByTestId('news-unread')).toHaveText('2');
  await publish('Fire drill on Friday', '<p>At ten.</p>');
  await expect(entry.getByTestId('news-unread')).toHaveText('3');

  await entry.click();
  const list = page.getByTestId('panel-page-newslist');
  await expect(list.getByTestId('news-item')).toHaveCount(3);
  await expect(list.getByTestId('news-item').filter({ hasText: 'New visiting hours' })).toHaveAttribute('data-read', 'false');
  await screenshot(page, 'settings-newslist-csd');
  await list.getByTestId('news-item').filter({ hasText: 'New visiting hours' }).click();
  const detail = page.getByTestId('news-detail');
  await expect(detail.getByRole('heading', { name: 'New visiting hours' })).toBeVisible();
  await expect(detail).toContainText('12:00 to 20:00');
  await expect(detail).toContainText('Every day');
  await expect(detail.locator('img[src="x"]')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download ward-notice.txt' }).click();
  expect((await download).suggestedFilename()).toBe('ward-notice.txt');
  await screenshot(page, 'settings-newsdetail-csd');
  await expect(page).not.toHaveTitle('owned');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(list.getByTestId('news-item').filter({ hasText: 'New visiting hours' })).toHaveAttribute('data-read', 'true');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(entry.getByTestId('news-unread')).toHaveText('2');
});

test("contacts: search, favourites kept with the account, 'No Contact Found', a distribution list's members, and user info with Chat Now", async ({ openPage }) => {
  const me = await somebody('Finder');
  const colleague = await somebody('Colleague');
  const page = await openPage();
  await signedIn(page, me);
  await openSetting(page, 'Contacts');
  const contacts = page.getByTestId('panel-page-contactlist');
  const search = contacts.getByRole('searchbox', { name: 'Search contacts' });
  await expect(search.locator('xpath=..')).toHaveCSS('outline-style', 'none');
  await search.fill(colleague.loginName);
  // The search box shows where the focus is: its box takes the ring.
  await expect(search.locator('xpath=..')).toHaveCSS('outline-style', 'solid');
  const row = contacts.getByTestId('contact').filter({ hasText: `Colleague ${people}` });
  await expect(row).toHaveCount(1);
  // The row answers the pointer like the other lists' rows.
  const background = () => row.evaluate((element) => getComputedStyle(element).backgroundColor);
  await page.getByTestId('panel-page-contactlist').getByRole('heading').hover(); // the pointer off the rows
  const resting = await background();
  await row.hover();
  await expect.poll(background).not.toBe(resting);
  await expect(row.getByRole('button', { name: `Add Colleague ${people} to favourites` }).locator('svg')).toHaveCSS('fill', 'none');
  await row.getByRole('button', { name: `Add Colleague ${people} to favourites` }).click();
  const favourite = row.getByRole('button', { name: `Remove Colleague ${people} from favourites` });
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  // A favourite's star is filled (with the button's colour).
  await expect(favourite.locator('svg')).not.toHaveCSS('fill', 'none');
  await screenshot(page, 'settings-contactlist-csd');

  await contacts.getByRole('searchbox', { name: 'Search contacts' }).fill('nobody-by-this-name');
  await expect(contacts.getByText('No Contact Found')).toBeVisible();

  // A distribution list opens to its members; a member opens their user info.
  const cn = `Ward ${people} Night Team`;
  const list = await distributionLists(csd.server.app.ctx.db).create({ tenantId: null, cn, distinguishedName: `CN=${cn},OU=Distribution Lists,DC=example,DC=org` });
  await distributionLists(csd.server.app.ctx.db).addMembers(list.id, [colleague.loginName, me.loginName]);
  await contacts.getByRole('searchbox', { name: 'Search contacts' }).fill(cn);
  const dl = contacts.getByTestId('contact-group').filter({ hasText: cn });
  await dl.getByRole('button', { name: cn }).click();
  await expect(dl.getByRole('list', { name: `Members of ${cn}` }).getByTestId('dl-member').locator('bdi')).toHaveText([colleague.loginName, me.loginName].sort());
  await screenshot(page, 'settings-contactlist-dl-csd');
  await dl.getByRole('button', { name: colleague.loginName }).click();
  await expect(page.getByTestId('user-info')).toContainText(colleague.loginName);

  await page.reload();
  await openSetting(page, 'Contacts');
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(colleague.loginName);
  const again = page.getByTestId('contact').filter({ hasText: `Colleague ${people}` });
  await expect(again.getByRole('button', { name: `Remove Colleague ${people} from favourites` })).toBeVisible();
  await again.getByRole('button', { name: `Colleague ${people}` }).first().click();
  const info = page.getByTestId('user-info');
  await expect(info).toContainText(colleague.loginName);

  // My own name for the colleague (a synonym, at most 25 characters), listed and removable in my profile.
  const myName = info.getByLabel(`My name for Colleague ${people}`);
  await myName.fill('N'.repeat(26));
  await info.getByRole('button', { name: 'Save name' }).click();
  await expect(info.getByText('Please check the name length')).toBeVisible();
  await myName.fill('Night lead 夜更');
  await info.getByRole('button', { name: 'Save name' }).click();
  await expect(info.getByRole('button', { name: 'Remove name' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await openSetting(page, 'My Profile');
  const synonyms = page.getByTestId('panel-page-personalinfo').getByTestId('my-synonyms');
  await expect(synonyms.getByLabel(`My name for Colleague ${people}`)).toHaveValue('Night lead 夜更');
  await screenshot(page, 'settings-personalinfo-synonyms-csd');
  await synonyms.getByRole('button', { name: 'Remove name' }).click();
  await expect(synonyms.getByText('You have not named anyone yet.', { exact: false })).toBeVisible();
  await expect(info.getByLabel(`My name for Colleague ${people}`)).toHaveValue('');
  await info.getByRole('button', { name: 'Chat Now' }).click();
  await expect(page.getByTestId('chat-title')).toContainText(`Colleague ${people}`);
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
