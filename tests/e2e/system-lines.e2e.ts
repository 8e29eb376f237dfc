// Group changes in the conversation (CSD): an admin adds, promotes and removes a member, renames the group and sets
// a self-destruct timer in room info, a member leaves; the other members see each change as a system line in the
// open chat at once, in their own language, in the room list's preview, and again in the history after a reload.
import type { Page } from '@playwright/test';
import { ok, person, type Person } from '../support/people.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

async function signedIn(page: Page, who: Person): Promise<void> {
  await login(page, csd.url, who.loginName, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
}

const rowOf = (page: Page, name: string) => page.getByTestId('room-row').filter({ hasText: name });
const lines = (page: Page) => page.getByTestId('system-line');

test('group changes show as system lines to every member, live, in their language and in the history', async ({ openPage }) => {
  const admin = await person(csd.server, 'lines.admin', 'Ann Admin');
  const bob = await person(csd.server, 'lines.bob', 'Bob Lines');
  await person(csd.server, 'lines.carol', 'Carol Lines');
  const dora = await person(csd.server, 'lines.dora', 'Dora Lines');
  await csd.server.app.ctx.repos.accounts.setLangId(dora.id, 'zh_TW');
  const ward = ok(await admin.api.createMultipleRoom({ roomName: 'Ward Lines', memberIds: [String(bob.id), String(dora.id)] })).roomId;
  const mine = await openPage();
  const bobs = await openPage();
  const doras = await openPage();
  await signedIn(mine, admin);
  await signedIn(bobs, bob);
  await signedIn(doras, dora);
  await rowOf(bobs, 'Ward Lines').click();
  await rowOf(doras, 'Ward Lines').click();
  await expect(bobs.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();

  await rowOf(mine, 'Ward Lines').click();
  await mine.getByRole('button', { name: 'Chat info' }).click();
  const info = mine.getByTestId('panel-page-chatroominfo');

  // Add Carol: the admin reads 'You', the others her name; Dora reads it in Chinese.
  await info.getByRole('button', { name: 'Add member' }).click();
  const adding = mine.getByTestId('panel-page-addroommember');
  await adding.getByLabel('Search people').fill('Carol');
  await adding.getByText('Carol Lines').click();
  await adding.getByRole('button', { name: 'Add member' }).click();
  await expect(lines(bobs).last()).toHaveText('Ann Admin added Carol Lines');
  await expect(lines(mine).last()).toHaveText('You added Carol Lines');
  await expect(lines(doras).last()).toHaveText('Ann Admin 新增了 Carol Lines');

  await info.getByRole('button', { name: 'Make Carol Lines admin' }).click();
  await expect(lines(bobs).last()).toHaveText('Ann Admin made Carol Lines an admin');

  await info.getByRole('button', { name: 'Edit room info' }).click();
  const edit = info.getByRole('form', { name: 'Edit room info' });
  await edit.getByLabel('Group name').fill('Ward Lines 2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(lines(bobs).last()).toHaveText('Ann Admin renamed the group to "Ward Lines 2"');
  await expect(lines(doras).last()).toHaveText('Ann Admin 將群組名稱改為「Ward Lines 2」');

  const timer = info.getByRole('form', { name: 'Self-destruct timer' });
  await timer.getByLabel('Delete messages automatically').check();
  await timer.getByLabel('Delete after').fill('2');
  await timer.getByLabel('Unit').selectOption('hour');
  await timer.getByRole('button', { name: 'Save' }).click();
  await expect(lines(bobs).last()).toHaveText('Ann Admin set messages to self-destruct 2 hour(s) after they are sent');

  await info.getByRole('button', { name: 'Remove Carol Lines from the room' }).click();
  await mine.getByRole('alertdialog', { name: 'Remove member' }).getByRole('button', { name: 'Remove member' }).click();
  await expect(lines(bobs).last()).toHaveText('Ann Admin removed Carol Lines');

  // Dora leaves: the others are told in the chat.
  ok(await dora.api.leaveRoom({ roomId: ward }));
  await expect(lines(bobs).last()).toHaveText('Dora Lines left');
  await expect(lines(bobs)).toHaveCount(6);
  // The room list's preview is the last line, in the reader's words; a system line leaves the room unread for nobody.
  await expect(rowOf(mine, 'Ward Lines 2')).toContainText('Dora Lines left');
  await screenshot(bobs, 'system-lines-live');

  // The history keeps them: after a reload Bob reads the same lines, in order.
  await bobs.reload();
  await rowOf(bobs, 'Ward Lines 2').click();
  await expect(lines(bobs)).toHaveText([
    'Ann Admin added Carol Lines',
    'Ann Admin made Carol Lines an admin',
    'Ann Admin renamed the group to "Ward Lines 2"',
    'Ann Admin set messages to self-destruct 2 hour(s) after they are sent',
    'Ann Admin removed Carol Lines',
    'Dora Lines left',
  ]);
  await screenshot(mine, 'system-lines-admin');
});

test('the demo groups open with their history of changes', async ({ openPage }) => {
  // The demo organisation (as on npm start): 40 accounts with their keys, slow on a busy machine.
  test.setTimeout(300_000);
  await seedDemoData(csd.server.app.ctx.db);
  const page = await openPage();
  await login(page, csd.url, 'alice', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  await rowOf(page, 'Medicine Rounds').click();
  await expect(lines(page)).toHaveText(['Frank Yip created the group "Medicine Rounds"', 'Frank Yip made David Cheung an admin']);
  await rowOf(page, 'Ward 5A Nursing').click();
  await expect(lines(page)).toHaveText(['You created the group "Ward 5A Nursing"', 'You added Peter Kwan, Morgan Lau']);
  await screenshot(page, 'system-lines-demo');
});
