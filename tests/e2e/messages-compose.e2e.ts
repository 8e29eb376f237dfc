// Composing the kinds that are not typed text, in the CSD client against the reference server, seen by the other
// member: a location (typed, then the browser's position), a contact card, a voice message recorded with Chromium's
// fake microphone and played with its progress on the other side, and a video with the server's length limit; the
// room list previews name each kind.
import config from '../../playwright.config.ts';
import { seedContentData } from '../../server/seed/content.ts';
import { expect, screenshot, serveVariant, test, type Page } from './fixtures.ts';
import { openRoomAs, pairInChat } from './support/room-helpers.ts';
import { recordCanvasWebm, withDuration } from './support/webm.ts';

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const csd = serveVariant('CSD', {}, async (server) => {
  await seedContentData(server.app.ctx.db, { blobs: server.app.ctx.blobs });
});

const lastOfKind = (page: Page, kind: string) => page.locator(`[data-testid="message"][data-kind="${kind}"]`).last();

test('a location, a contact card, a recorded voice message and a video reach the other member; a video over the limit is refused', async ({ openPage }) => {
  const { me, other } = await pairInChat(csd.server, ['composer', 'Composer One'], ['reader', 'Reader One']);
  const mine = await openPage();
  const theirs = await openPage();
  await mine.context().grantPermissions(['geolocation']);
  await mine.context().setGeolocation({ latitude: 22.2829, longitude: 114.1371 });
  await openRoomAs(mine, csd.url, me, 'Reader One');
  await openRoomAs(theirs, csd.url, other, 'Composer One');

  // Location: out-of-range coordinates are refused; the browser's position fills them in.
  await mine.getByRole('button', { name: 'Share location' }).click();
  const place = mine.getByRole('dialog', { name: 'Share location' });
  await place.getByRole('textbox', { name: 'Place name' }).fill('Queen Mary Hospital');
  await place.getByRole('textbox', { name: 'Latitude' }).fill('95');
  await place.getByRole('textbox', { name: 'Longitude' }).fill('114');
  await place.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(place.getByRole('alert')).toHaveText('Input not valid, please check');
  await place.getByRole('button', { name: 'Use my current location' }).click();
  await expect(place.getByRole('textbox', { name: 'Latitude' })).toHaveValue('22.28290');
  await screenshot(mine, 'messages-compose-location');
  await place.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(lastOfKind(theirs, 'LOCATION').getByTestId('location-card')).toContainText('Queen Mary Hospital22.28290, 114.13710');
  const preview = (page: Page) => page.getByTestId('room-row').filter({ hasText: 'One' }).getByTestId('room-preview');
  await expect(preview(theirs)).toHaveText('Location: Queen Mary Hospital');

  // Contact card: a name is required.
  await mine.getByRole('button', { name: 'Share contact' }).click();
  const card = mine.getByRole('dialog', { name: 'Share contact' });
  await card.getByRole('textbox', { name: 'Tel' }).fill('+852 2255 3838');
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(card.getByRole('alert')).toHaveText('Please fill in the name');
  await card.getByRole('textbox', { name: 'Name', exact: true }).fill('Chan Tai Man');
  await card.getByRole('textbox', { name: 'Email' }).fill('tm.chan@example.org');
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(lastOfKind(theirs, 'CONTACT').getByTestId('contact-card')).toContainText('Tel+852 2255 3838');
  await expect(lastOfKind(mine, 'CONTACT').getByTestId('contact-card')).toContainText('Chan Tai Man');

  // Voice: recorded with the fake microphone, played on the other side to its end.
  await mine.getByRole('button', { name: 'Record voice message' }).click();
  await expect(mine.getByTestId('voice-recorder')).toBeVisible();
  await expect(mine.getByTestId('recording-time')).toHaveText('0:01');
  await screenshot(mine, 'messages-compose-recording');
  await mine.getByRole('button', { name: 'Send voice message' }).click();
  await expect(mine.getByTestId('voice-recorder')).toBeHidden();
  const voice = lastOfKind(theirs, 'VOICE');
  // Its length is the time recorded (a second or a little more on a busy machine).
  await expect(voice.getByTestId('voice-time')).toHaveText(/^0:00 \/ 0:0[1-9]$/);
  await voice.getByRole('button', { name: 'Play voice message' }).click();
  await expect(voice.getByRole('button', { name: 'Pause voice message' })).toBeVisible();
  await expect(voice.getByRole('button', { name: 'Play voice message' })).toBeVisible({ timeout: 15_000 }); // played to the end
  await expect(voice.getByTestId('voice-time')).toHaveText(/^(0:0[1-9]) \/ \1$/);

  // Video: within the server's limit it is sent with its length; over it, the limit and the video's length.
  const recorded = await recordCanvasWebm(mine);
  const input = mine.getByTestId('video-input');
  await input.setInputFiles({ name: 'ward-round.webm', mimeType: 'video/webm', buffer: Buffer.from(withDuration(recorded, 2)) });
  await expect(lastOfKind(theirs, 'VIDEO').getByTestId('video-tile')).toContainText('ward-round.webm0:02');
  await expect(preview(theirs)).toHaveText('Video: ward-round.webm');
  await expect(preview(mine)).toHaveText('You: Video: ward-round.webm');
  await input.setInputFiles({ name: 'long-round.webm', mimeType: 'video/webm', buffer: Buffer.from(withDuration(recorded, 400)) });
  await expect(mine.getByText('The video is 400 seconds long; a video may be at most 300 seconds')).toBeVisible();
  await screenshot(theirs, 'messages-compose-received');
  await expect(mine.getByTestId('video-tile').filter({ hasText: 'long-round.webm' })).toHaveCount(0);
});
