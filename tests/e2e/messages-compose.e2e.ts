// Composing the kinds that are not typed text, in the CSD client against the reference server, seen by the other
// member: a location (typed, then the browser's position), a contact card, a voice message recorded with Chromium's
// fake microphone and played with its progress on the other side, and a video with the server's length limit; the
// room list previews name each kind.
import config from '../../playwright.config.ts';
import { seedContentData } from '../../server/seed/content.ts';
import { expect, screenshot, serveVariant, test, type Page } from './fixtures.ts';
import { openRoomAs, pairInChat, roomRow } from './support/room-helpers.ts';
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
  const preview = (page: Page) => roomRow(page, 'One').getByTestId('room-preview');
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

test('a drawing made on the pad reaches the other member as a picture; a room whose policy forbids drawings offers no pad', async ({ openPage }) => {
  const { me, other } = await pairInChat(csd.server, ['drawer', 'Drawer One'], ['viewer', 'Viewer One']);
  const noDrawings = await other.api.createMultipleRoom({ roomName: 'No drawings', memberIds: [String(me.id)] });
  if (!noDrawings.ok) throw new Error('could not create the group');
  const policy = await other.api.updateRoomPolicy({ roomId: String(noDrawings.data.roomId), policyAttr: [{ attr: 'ALLOW_DRAWING_MSG', value: 0 }] });
  if (!policy.ok) throw new Error('could not forbid drawings');
  const mine = await openPage();
  const theirs = await openPage();
  await openRoomAs(mine, csd.url, me, 'Viewer One');
  await openRoomAs(theirs, csd.url, other, 'Drawer One');

  await mine.getByRole('button', { name: 'Draw', exact: true }).click();
  const pad = mine.getByRole('dialog', { name: 'Drawing' });
  await expect(pad.getByRole('button', { name: 'Send drawing' })).toBeDisabled();
  const box = await pad.getByTestId('drawing-pad').boundingBox();
  if (!box) throw new Error('no pad');
  const stroke = async (from: [number, number], to: [number, number]) => {
    await mine.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
    await mine.mouse.down();
    for (let step = 1; step <= 8; step += 1) {
      await mine.mouse.move(box.x + (from[0] + ((to[0] - from[0]) * step) / 8) * box.width, box.y + (from[1] + ((to[1] - from[1]) * step) / 8) * box.height);
    }
    await mine.mouse.up();
  };
  await stroke([0.1, 0.2], [0.9, 0.8]);
  await pad.getByRole('radio', { name: 'Ink 3' }).click();
  await pad.getByRole('radio', { name: 'Thick' }).click();
  await stroke([0.1, 0.8], [0.9, 0.2]);
  await screenshot(mine, 'drawing-pad');
  await pad.getByRole('button', { name: 'Undo' }).click();
  await pad.getByRole('button', { name: 'Send drawing' }).click();
  await expect(pad).toBeHidden();

  // The other member sees a 480 × 320 picture (the pad; twice that on a dense screen) with the stroke on it.
  const picture = lastOfKind(theirs, 'IMAGE').getByRole('img').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight)).toBe(1.5);
  const inked = await picture.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const [r0, g0, b0] = [data[0], data[1], data[2]];
    let differing = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] !== r0 || data[i + 1] !== g0 || data[i + 2] !== b0) differing += 1;
    return differing;
  });
  expect(inked).toBeGreaterThan(100);
  await expect(roomRow(mine, 'Viewer One').getByTestId('room-preview')).toContainText('Image');

  await roomRow(mine, 'No drawings').click();
  await expect(mine.getByTestId('chat-title')).toContainText('No drawings');
  await expect(mine.getByRole('button', { name: 'Share location' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Draw', exact: true })).toHaveCount(0);
});
