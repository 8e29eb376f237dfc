// Self-destructing messages (CSD): an admin sets the room's timer in room info; every member is told in the chat (the
// system line, and a note under the room's name while the timer is on), and a message sent then disappears for
// everyone once its time is up, while they watch.
import { ok, person } from '../support/people.ts';
import { openRoomAs } from './support/room-helpers.ts';
import { axeViolations, expect, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

test('members are told of the timer in the chat and an expired message disappears for everyone while they watch', async ({ openPage }) => {
  const ann = await person(csd.server, 'vanish.ann', 'Ann Vanish');
  const bob = await person(csd.server, 'vanish.bob', 'Bob Vanish');
  ok(await ann.api.createMultipleRoom({ roomName: 'Vanishing Ward', memberIds: [String(bob.id)] }));
  const anns = await openPage();
  const bobs = await openPage();
  await openRoomAs(anns, csd.url, ann, 'Vanishing Ward');
  await openRoomAs(bobs, csd.url, bob, 'Vanishing Ward');
  await expect(bobs.getByTestId('self-destruct-note')).toHaveCount(0);

  await anns.getByRole('button', { name: 'Chat info' }).click();
  const timer = anns.getByTestId('panel-page-chatroominfo').getByRole('form', { name: 'Self-destruct timer' });
  await timer.getByLabel('Delete messages automatically').check();
  await timer.getByLabel('Delete after').fill('4');
  await timer.getByLabel('Unit').selectOption('second');
  await timer.getByRole('button', { name: 'Save' }).click();

  // Bob is told in the chat: the line in the timeline and the note under the room's name.
  await expect(bobs.getByTestId('system-line').last()).toHaveText('Ann Vanish set messages to self-destruct 4 second(s) after they are sent');
  await expect(bobs.getByTestId('self-destruct-note')).toHaveText('Messages self-destruct 4 second(s) after they are sent');
  await expect(anns.getByTestId('self-destruct-note')).toHaveText('Messages self-destruct 4 second(s) after they are sent');

  const composer = anns.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill('This will vanish');
  await composer.press('Enter');
  const onBobs = bobs.getByTestId('message').filter({ hasText: 'This will vanish' });
  await expect(onBobs).toBeVisible();
  await screenshot(bobs, 'self-destruct-before');
  expect(await axeViolations(bobs)).toEqual([]);
  // Gone for both once the time is up (the server's housekeeping runs every 5 s), without anyone reloading.
  await expect(onBobs).toHaveCount(0, { timeout: 20_000 });
  await expect(anns.getByTestId('message').filter({ hasText: 'This will vanish' })).toHaveCount(0, { timeout: 10_000 });
  await expect(bobs.getByTestId('system-line').last()).toHaveText('Ann Vanish set messages to self-destruct 4 second(s) after they are sent');
  await expect(bobs.getByTestId('room-row').filter({ hasText: 'Vanishing Ward' })).not.toContainText('This will vanish');
  await screenshot(bobs, 'self-destruct-after');
});
