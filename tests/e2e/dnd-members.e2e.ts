// Members in Do Not Disturb (CSD): while one member keeps the room's list open, others switch Do Not Disturb on and
// off in their settings; the list follows at once, each member with the time their quiet ends.
import { ok, person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { openRoomAs } from './support/room-helpers.ts';
import { axeViolations, expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

test('the list of members in Do Not Disturb fills and empties as members switch it in their settings', async ({ openPage }) => {
  const ann = await person(csd.server, 'quiet.ann', 'Ann Quiet');
  const bob = await person(csd.server, 'quiet.bob', 'Bob Quiet');
  const carol = await person(csd.server, 'quiet.carol', 'Carol Quiet');
  ok(await ann.api.createMultipleRoom({ roomName: 'Quiet Ward', memberIds: [String(bob.id), String(carol.id)] }));

  const anns = await openPage();
  await openRoomAs(anns, csd.url, ann, 'Quiet Ward');
  await anns.getByRole('button', { name: 'Chat info' }).click();
  await anns.getByTestId('panel-page-chatroominfo').getByRole('button', { name: 'Members in Do Not Disturb' }).click();
  const list = anns.getByTestId('panel-page-dndmemberlist');
  await expect(list).toContainText('No User Found');

  // Bob switches it on for an hour in his settings.
  const bobs = await openPage();
  await login(bobs, csd.url, bob.loginName, TEST_PASSWORD);
  await expect(bobs).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  await bobs.getByRole('button', { name: 'Settings' }).click();
  await bobs.getByTestId('settings-menu').getByRole('button', { name: 'Do Not Disturb' }).click();
  const dnd = bobs.getByTestId('panel-page-dnd');
  await dnd.getByLabel('1 hour').click();
  await dnd.getByRole('button', { name: 'Turn On' }).click();
  await expect(dnd.getByTestId('dnd-state')).toContainText('Do Not Disturb is on until');

  const members = list.getByTestId('dnd-member');
  await expect(members).toHaveCount(1);
  await expect(members).toContainText('Bob Quiet');
  await expect(members).toContainText('Until ');
  // Carol too (her own client).
  ok(await carol.api.saveDnd({ dndEndDate: Date.now() + 2 * 3_600_000, dnd: true }));
  await expect(members).toHaveCount(2);
  await expect(list).toContainText('Carol Quiet');
  await screenshot(anns, 'dnd-members-list');
  expect(await axeViolations(anns)).toEqual([]);

  // Bob switches it off: only Carol is left.
  await dnd.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dnd.getByTestId('dnd-state')).toHaveText('Do Not Disturb is off');
  await expect(members).toHaveCount(1);
  await expect(members).toContainText('Carol Quiet');
});
