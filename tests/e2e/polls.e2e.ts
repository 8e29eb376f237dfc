// Who voted for what (CSD): the poll's results name the voters under each option, live while the page is open, and
// each option's whole list is one click away; the viewer is 'You'.
import { ok, person } from '../support/people.ts';
import { sendKindMessage } from './support/message-kinds.ts';
import { openRoomAs } from './support/room-helpers.ts';
import { axeViolations, expect, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

test('the poll results list who voted for each option, live on the other side', async ({ openPage }) => {
  const amy = await person(csd.server, 'poll.amy', 'Amy Poll');
  const ben = await person(csd.server, 'poll.ben', 'Ben Poll');
  const carol = await person(csd.server, 'poll.carol', 'Carol Poll');
  const roomId = String(ok(await amy.api.createMultipleRoom({ roomName: 'Lunch Poll', memberIds: [String(ben.id), String(carol.id)] })).roomId);
  const sent = await sendKindMessage(amy, roomId, { type: 'POLLING', poll: { topic: 'Where for lunch?', options: ['Noodles', 'Rice', 'Salad'] } });
  const poll = sent.messagePolling;
  if (!poll) throw new Error('no poll sent');
  ok(await carol.api.voteMessage({ roomId, messageId: sent.messageId, type: 'POLLING', optionId: poll.options[1]!.optionId, pollingChecksum: poll.pollingChecksum }));

  const amys = await openPage();
  const bens = await openPage();
  await openRoomAs(amys, csd.url, amy, 'Lunch Poll');
  await openRoomAs(bens, csd.url, ben, 'Lunch Poll');

  // Amy keeps the results open while Ben votes.
  await amys.getByTestId('poll').getByRole('button', { name: 'Poll results' }).click();
  const results = amys.getByTestId('panel-page-pollingresult');
  const row = (page: typeof results, option: string) => page.getByRole('listitem').filter({ hasText: option });
  await expect(row(results, 'Rice').getByTestId('poll-voters')).toHaveText('Carol Poll');
  await expect(row(results, 'Noodles').getByTestId('poll-voters')).toHaveCount(0);

  await bens.getByTestId('poll-option').filter({ hasText: 'Noodles' }).getByRole('button', { name: 'Noodles' }).click();
  await expect(row(results, 'Noodles').getByTestId('poll-voters')).toHaveText('Ben Poll');
  await expect(row(results, 'Noodles')).toContainText('1 vote');
  await amys.getByTestId('poll-option').filter({ hasText: 'Rice' }).getByRole('button', { name: 'Rice' }).click();
  await expect(row(results, 'Rice').getByTestId('poll-voters')).toHaveText('Carol Poll, You');
  await screenshot(amys, 'poll-voters-live');
  expect(await axeViolations(amys)).toEqual([]);

  // Ben reads the same, Amy by her name, and opens Rice's whole list.
  await bens.getByTestId('poll').getByRole('button', { name: 'Poll results' }).click();
  const theirs = bens.getByTestId('panel-page-pollingresult');
  await expect(row(theirs, 'Rice').getByTestId('poll-voters')).toHaveText('Carol Poll, Amy Poll');
  await expect(row(theirs, 'Noodles').getByTestId('poll-voters')).toHaveText('You');
  await row(theirs, 'Rice').getByRole('button', { name: /Rice/ }).click();
  await expect(bens.getByTestId('panel-page-pollingresultlist').getByTestId('poll-voter')).toHaveText([/Carol Poll$/, /Amy Poll$/]);
  await screenshot(bens, 'poll-voters-list');
});
