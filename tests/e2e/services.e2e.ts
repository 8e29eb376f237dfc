// The CSD client's chatbot room, calls, translation and the AI prompt helper against the reference server.
// Chatbot: the room list's chatbot list opens the caller's chatbot room with its start card; the card's buttons and
// typed questions go through the chatbot calls and the answers arrive as the room's messages, after a reload too.
import { ok, person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { moreAction, openRoomAs, pairInChat, sendTexts } from './support/room-helpers.ts';
import { startFakeProvider, type FakeProvider } from '../server/services/helpers.ts';

const statusOf = (data: unknown): unknown => (data as { status?: unknown } | undefined)?.status;

// The provider behind translation and the AI helper: the tests' deterministic one (upper-cases, names the app).
const providerEnv: Record<string, string> = {};
let provider: FakeProvider | undefined;
test.beforeAll(async () => {
  provider = await startFakeProvider();
  providerEnv.PROVIDER_URL = provider.url;
});
test.afterAll(async () => provider?.stop());
const csd = serveVariant('CSD', providerEnv);

test('the chatbot list opens the chatbot room; card buttons and typed questions are answered', async ({ openPage }) => {
  const me = await person(csd.server, 'botfan', 'Bot Fan');
  const page = await openPage();
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);

  const messages = page.getByTestId('message-list');
  await page.getByTestId('chatbot-entry').click();
  await page.getByTestId('chatbot-list').getByRole('button', { name: 'Chatbot', exact: true }).click();
  await expect(page.getByTestId('chat-title')).toHaveText('Chatbot');
  const start = page.getByTestId('choice-card').filter({ hasText: 'Hello! How can I help you today?' });
  await expect(start).toBeVisible();

  await start.getByRole('button', { name: 'IT support' }).click();
  const it = page.getByTestId('choice-card').filter({ hasText: 'IT support: what do you need?' });
  await it.getByRole('button', { name: 'Reset my password' }).click();
  await expect(messages.getByText(/To reset your password, open Settings > Change Password/)).toBeVisible();

  const ask = page.getByRole('textbox', { name: 'Ask the chatbot' });
  await ask.fill('When is the canteen open?');
  await ask.press('Enter');
  await expect(messages.getByText('When is the canteen open?')).toBeVisible();
  await expect(messages.getByText(/The staff canteen on G\/F is open/)).toBeVisible();
  await expect(ask).toHaveValue('');
  await screenshot(page, 'chatbot-room');

  // After a reload the room is in the room list and still talks to the chatbot (no ordinary message composer).
  await page.reload();
  await page.getByTestId('room-row').filter({ hasText: 'Chatbot' }).click();
  await expect(messages.getByText(/The staff canteen on G\/F is open/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Ask the chatbot' }).fill('menu');
  await page.getByRole('textbox', { name: 'Ask the chatbot' }).press('Enter');
  await expect(page.getByTestId('choice-card').filter({ hasText: 'Hello! How can I help you today?' })).toHaveCount(2);
});

// Calls: a voice call rings the other member's incoming call dialog; accepted, both are on the call and a hang-up
// ends it on both sides; a second call while on one is answered busy; a video call declined says so to the caller.
test('a call rings the other member: accepted then hung up, busy while on a call, and declined', async ({ openPage }) => {
  const { me, other } = await pairInChat(csd.server, ['callee', 'Callee Chan'], ['caller', 'Caller Cheung']);
  const third = await person(csd.server, 'thirdcaller', 'Third Caller');
  const sideRoom = ok(await third.api.createSingleRoom({ memberId: String(me.id) })).roomId;
  const callee = await openPage();
  const caller = await openPage();
  await login(callee, csd.url, me.loginName, TEST_PASSWORD);
  await expect(callee).toHaveURL(/\/chatroom$/);
  await openRoomAs(caller, csd.url, other, 'Callee Chan');

  await caller.getByRole('button', { name: 'Voice call' }).click();
  await expect(caller.getByTestId('call-bar')).toContainText('Calling Callee Chan');
  const ringing = callee.getByRole('alertdialog', { name: 'Incoming voice call' });
  await expect(ringing).toContainText('Caller Cheung is calling you');
  await screenshot(callee, 'call-incoming');
  await ringing.getByRole('button', { name: 'Accept' }).click();
  await expect(callee.getByTestId('call-bar')).toHaveAttribute('data-phase', 'connected');
  await expect(caller.getByTestId('call-bar')).toContainText('On a call with Callee Chan');

  // Another call to someone on a call is answered busy by their client.
  const second = ok(await third.api.createExternalConference({ conferenceType: 'VOICE', roomId: sideRoom }));
  await expect.poll(async () => statusOf(ok(await third.api.getExternalConferenceInfo({ vcType: second.vcType!, refId: second.refId!, data: {} })).data)).toBe('BUSY');

  await caller.getByRole('button', { name: 'Hang up' }).click();
  await expect(caller.getByTestId('call-bar')).toContainText('Call ended');
  await expect(callee.getByTestId('call-bar')).toContainText('Call ended');
  await callee.getByTestId('call-bar').getByRole('button', { name: 'Close' }).click();
  await caller.getByTestId('call-bar').getByRole('button', { name: 'Close' }).click();

  await (await moreAction(caller, 'Video conference')).click();
  const video = callee.getByRole('alertdialog', { name: 'Incoming video call' });
  await video.getByRole('button', { name: 'Decline' }).click();
  await expect(video).toHaveCount(0);
  await expect(caller.getByTestId('call-bar')).toContainText('Callee Chan declined the call');
  await screenshot(caller, 'call-declined');
  await caller.getByTestId('call-bar').getByRole('button', { name: 'Close' }).click();

  // Create conference: the kind and the room's members to invite, then its state and join token with Start and Stop.
  await (await moreAction(caller, 'Create conference')).click();
  const create = caller.getByTestId('create-conference');
  await expect(create.getByLabel('Callee Chan')).toBeChecked();
  await create.getByLabel('Voice call').check();
  await screenshot(caller, 'conference-create');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  const conference = caller.getByTestId('conference-info');
  await expect(conference.getByTestId('conference-state')).toHaveText('Created');
  await expect(conference.getByTestId('conference-token')).toHaveText(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await conference.getByRole('button', { name: 'Start' }).click();
  await expect(conference.getByTestId('conference-state')).toHaveText('Started');
  await expect(conference.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await screenshot(caller, 'conference-info');
  await conference.getByRole('button', { name: 'Stop' }).click();
  await expect(conference.getByTestId('conference-state')).toHaveText('Ended');
  await expect(conference.getByTestId('conference-token')).toHaveCount(0);

  // The calls and the conference are in the caller's call history, newest first; a row opens its room.
  await caller.getByTestId('call-history-entry').click();
  const rows = caller.getByTestId('call-history-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByRole('img', { name: 'Voice call' })).toBeVisible();
  await expect(rows.nth(1).getByRole('img', { name: 'Video call' })).toBeVisible();
  await expect(rows.nth(2)).toContainText('Callee Chan');
  await screenshot(caller, 'call-history');
  await rows.first().click();
  await expect(caller.getByTestId('call-history')).toHaveCount(0);
});

// A built-in conference's invitees hear of it (CONFERENCE_CREATE): a bar in the chat opens the conference's page in its
// room, with the invitee's own join token.
test('an invitee of a built-in conference is told and opens its page with a join token of its own', async ({ openPage }) => {
  const { me, other, roomId } = await pairInChat(csd.server, ['invitee', 'Invitee Ip'], ['convener', 'Convener Kwok']);
  const page = await openPage();
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  await expect(page.getByTestId('room-row').filter({ hasText: 'Convener Kwok' })).toBeVisible();
  const { uuid } = ok(await other.api.createConference({ type: 'VIDEO', roomId, accountIds: [me.accountId] }));
  const invitation = page.getByTestId('conference-invitation');
  await expect(invitation).toContainText('You are invited to a video conference in Convener Kwok');
  await screenshot(page, 'conference-invitation');
  await invitation.getByRole('button', { name: 'Open' }).click();
  await expect(invitation).toHaveCount(0);
  const info = page.getByTestId('conference-info');
  await expect(info.getByTestId('conference-state')).toHaveText('Created');
  await expect(info).toContainText(uuid);
  await expect(info.getByTestId('conference-token')).toHaveText(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(page.getByText('No Message Found')).toBeVisible(); // its room opened with it
  await screenshot(page, 'conference-invited-info');
});

// Translation and the AI helper (IS_ALLOW_OPERATE_MESSAGE) through message/operatemessage: a received message's
// translation shows under it; the composer's helper suggests a text the user may put into the input; without a
// reachable provider the server's 'This service is not available' is shown, for reading aloud too.
test("'Translate' shows the translation under the message; the AI helper fills the input; a provider outage says so", async ({ openPage }) => {
  const { me, other, roomId } = await pairInChat(csd.server, ['reader', 'Reader Lam'], ['writer', 'Writer Ho']);
  await sendTexts(other, roomId, ['see you at the ward round']);
  const page = await openPage();
  await openRoomAs(page, csd.url, me, 'Writer Ho');
  const message = page.getByTestId('message').filter({ hasText: 'see you at the ward round' });
  await message.hover();
  await message.getByRole('button', { name: 'Translate' }).click();
  await expect(message.getByTestId('translation')).toContainText('[translate] SEE YOU AT THE WARD ROUND');
  await expect.poll(async () => ((await fetch(`${provider!.url}/saved`).then((r) => r.json())) as { saved: unknown[] }).saved).toEqual([
    expect.objectContaining({ value: '[translate] SEE YOU AT THE WARD ROUND', langId: 'en_US' }),
  ]);

  const input = page.getByRole('textbox', { name: 'Message', exact: true });
  await input.fill('pls come asap');
  await page.getByRole('button', { name: 'AI helper' }).click();
  const helper = page.getByRole('dialog', { name: 'AI helper' });
  await helper.getByLabel('Make it formal').check();
  await helper.getByRole('button', { name: 'Ask' }).click();
  await expect(helper.getByTestId('prompt-result')).toContainText('[formal] PLS COME ASAP');
  await screenshot(page, 'ai-helper');
  await helper.getByRole('button', { name: 'Use this text' }).click();
  await expect(input).toHaveValue('[formal] PLS COME ASAP');

  await provider!.stop();
  await page.getByRole('button', { name: 'AI helper' }).click();
  await helper.getByRole('button', { name: 'Ask' }).click();
  await expect(helper.getByTestId('prompt-error')).toContainText('This service is not available');

  // Read aloud (IS_ALLOW_TEXT_TO_SPEECH, voice/speak): with the provider gone the server's refusal is shown.
  await page.keyboard.press('Escape');
  await message.hover();
  await message.getByRole('button', { name: 'Read aloud' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'This service is not available' })).toBeVisible();
});
