// Broadcast creation by a delegate (CSD), one selection type at a time: a distribution list switched on (SWITCH), one
// found by name (SEARCH) and a file of login names (UPLOAD); each broadcast reaches exactly the people it chose.
import { delegateStore } from '../../server/store/repos/delegates.ts';
import { distributionLists } from '../../server/store/repos/distribution-lists.ts';
import { ok, person, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

/** The names of the rooms the person has (a broadcast room is named by its sender). */
async function roomNames(who: Person): Promise<string[]> {
  const rooms = ok(await who.api.getSimpleRoomList({})).rooms;
  return rooms.map((room) => room.roomName ?? '');
}

test('a delegate broadcasts by SWITCH, SEARCH and UPLOAD, and each reaches the people chosen', async ({ openPage }) => {
  const desk = await person(csd.server, 'sel.desk', 'Bed Desk');
  const nurse = await person(csd.server, 'sel.nurse', 'Nina Select');
  const porter = await person(csd.server, 'sel.porter', 'Pat Select');
  const clerk = await person(csd.server, 'sel.clerk', 'Cleo Select');
  const db = csd.server.app.ctx.db;
  await delegateStore(db).set(desk.id, 'ALL');
  const night = await distributionLists(db).create({ tenantId: null, cn: 'Night Shift Nurses', distinguishedName: 'CN=Night Shift Nurses,OU=Lists' });
  await distributionLists(db).addMembers(night.id, ['sel.nurse']);
  const porters = await distributionLists(db).create({ tenantId: null, cn: 'Porters Team', distinguishedName: 'CN=Porters Team,OU=Lists' });
  await distributionLists(db).addMembers(porters.id, ['sel.porter', 'sel.nurse']);

  const mine = await openPage();
  const nurses = await openPage();
  for (const [page, who] of [[mine, desk], [nurses, nurse]] as const) {
    await login(page, csd.url, who.loginName, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  }
  const page = mine.getByTestId('panel-page-createbroadcast');
  // Each broadcast is a room of its own, named by its sender.
  const fromDesk = (text: string) => nurses.getByTestId('room-row').filter({ hasText: 'Bed Desk' }).getByTestId('room-preview').filter({ hasText: text });

  // SWITCH: the night list switched on; only its member hears.
  await mine.getByRole('button', { name: 'Create broadcast' }).click();
  await page.getByRole('tab', { name: 'Lists', exact: true }).click();
  await page.getByRole('switch', { name: 'Night Shift Nurses · Distribution list' }).check();
  await page.getByLabel('Message').fill('Switch roll call');
  await screenshot(mine, 'broadcast-switch');
  await page.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(fromDesk('Switch roll call')).toBeVisible();
  expect(await roomNames(porter)).not.toContain('Bed Desk');

  // SEARCH: the porters' list found by name; its members (the porter and the nurse) hear.
  await mine.getByRole('button', { name: 'Create broadcast' }).click();
  await page.getByRole('tab', { name: 'Search lists' }).click();
  await page.getByLabel('Search distribution lists and groups').fill('porters');
  await page.getByRole('checkbox', { name: 'Porters Team · Distribution list' }).check();
  await page.getByLabel('Message').fill('Search roll call');
  await screenshot(mine, 'broadcast-search');
  await page.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(fromDesk('Search roll call')).toBeVisible();
  await expect.poll(() => roomNames(porter)).toContain('Bed Desk');
  expect(await roomNames(clerk)).not.toContain('Bed Desk');

  // UPLOAD: a file of login names (the clerk and the nurse).
  await mine.getByRole('button', { name: 'Create broadcast' }).click();
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page.getByLabel('File of login names (text or CSV)').setInputFiles({ name: 'names.txt', mimeType: 'text/plain', buffer: Buffer.from('sel.clerk\nsel.nurse\n') });
  await expect(page.getByText('2 login names in the file')).toBeVisible();
  await page.getByLabel('Message').fill('Upload roll call');
  await screenshot(mine, 'broadcast-upload');
  await page.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(fromDesk('Upload roll call')).toBeVisible();
  await expect.poll(() => roomNames(clerk)).toContain('Bed Desk');
  await screenshot(nurses, 'broadcast-received');
});
