// The CSD client's chat details against the reference server: 'Delete for everyone' asks first and the recalled
// preview reads the same on both sides; a file shows its plaintext size and real type; hostile text (stacked
// combining marks, bidi overrides, hundreds of lines) keeps each bubble inside its row; the maximum-text notice;
// enlarged emoji; the right panel shares the width from 1,200 px and slides over the chat with the focus below; a
// member who hides their presence while the header's presence is being fetched shows no dot.
import type { Page } from '@playwright/test';
import { ok, person, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { boxOf, overlaps } from './support/geometry.ts';
import { countNotices, holdNextAnswer } from './support/held-answer.ts';
import { openRoomAs, pairInChat, sendFile, sendTexts } from './support/room-helpers.ts';

const csd = serveVariant('CSD');
const isSend = (url: string) => url.endsWith('/chat/sec/message/sendaesmessage');

let people = 0;
/** Two new members with a single chat between them (each test its own, so previews and counts are its own). */
async function pair(): Promise<{ me: Person; other: Person; roomId: string }> {
  people += 1;
  return pairInChat(csd.server, [`reader${people}`, `Reader ${people}`], [`writer${people}`, `Writer ${people}`]);
}

const openRoom = (page: Page, who: Person, roomName: string) => openRoomAs(page, csd.url, who, roomName);


/** Every shown bubble lies inside its row, and rows follow each other without overlapping. */
async function expectBubblesInsideRows(page: Page): Promise<void> {
  const rows = page.getByTestId('message');
  const count = await rows.count();
  let previousBottom = -Infinity;
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    const rowBox = await boxOf(row);
    const bubbleBox = await boxOf(row.locator('article'));
    const contentBox = await boxOf(row.locator('article > div').first());
    expect(bubbleBox.top).toBeGreaterThanOrEqual(rowBox.top - 0.5);
    expect(bubbleBox.bottom).toBeLessThanOrEqual(rowBox.bottom + 0.5);
    expect(contentBox.bottom).toBeLessThanOrEqual(bubbleBox.bottom + 0.5);
    expect(rowBox.top).toBeGreaterThanOrEqual(previousBottom - 0.5);
    previousBottom = rowBox.bottom;
  }
}

test("'Delete for everyone' asks first; the recalled message's preview changes on both sides at once", async ({ openPage }) => {
  const { me, other } = await pair();
  const mine = await openPage();
  const theirs = await openPage();
  await openRoom(mine, me, 'Writer');
  await login(theirs, csd.url, other.loginName, TEST_PASSWORD);
  const theirRow = theirs.getByTestId('room-row').filter({ hasText: 'Reader' });

  const text = `Meet at three ${Date.now()}`;
  await mine.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await mine.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
  await expect(theirRow.getByTestId('room-preview')).toHaveText(text);
  const myRow = mine.getByTestId('room-row').filter({ hasText: 'Writer' });
  await expect(myRow.getByTestId('room-preview')).toHaveText(`You: ${text}`);

  const bubble = mine.getByTestId('message').filter({ hasText: text });
  await expect(bubble).toHaveAttribute('data-message-id', /^\d+$/);
  await bubble.hover();
  await bubble.getByRole('button', { name: 'Delete for everyone' }).click();
  const dialog = mine.getByRole('alertdialog', { name: 'Delete for everyone' });
  await expect(dialog).toContainText('Delete this message for everyone in the chat?');
  await screenshot(mine, 'recall-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(bubble).toContainText(text); // Cancel keeps it

  await bubble.hover();
  await bubble.getByRole('button', { name: 'Delete for everyone' }).click();
  await mine.getByRole('alertdialog', { name: 'Delete for everyone' }).getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(mine.getByTestId('message').last()).toContainText('This message was deleted');
  // Both previews read the recalled wording; the sender's is not a blank 'You:'.
  await expect(myRow.getByTestId('room-preview')).toHaveText('This message was deleted');
  await expect(theirRow.getByTestId('room-preview')).toHaveText('This message was deleted');
  await screenshot(theirs, 'recall-preview-recipient');
});

test("'Delete for everyone' goes when the room's recall window closes; a late recall shows the server's reason", async ({ openPage }) => {
  people += 1;
  const me = await person(csd.server, `recaller${people}`, `Recaller ${people}`);
  const other = await person(csd.server, `witness${people}`, `Witness ${people}`);
  // A group of mine whose policy lets a message be recalled for 4 seconds after it is sent (RECALL_MESSAGE_TIME).
  const created = await me.api.createMultipleRoom({ roomName: `Recall window ${people}`, memberIds: [String(other.id)] });
  if (!created.ok) throw new Error('could not create the group');
  const roomId = String(created.data.roomId);
  const policy = await me.api.updateRoomPolicy({ roomId, policyAttr: [{ attr: 'RECALL_MESSAGE_TIME', value: 4 }] });
  if (!policy.ok) throw new Error('could not set the recall window');
  const page = await openPage();
  await openRoom(page, me, `Recall window ${people}`);

  const recallOf = (text: string) => page.getByTestId('message').filter({ hasText: text }).getByRole('button', { name: 'Delete for everyone' });
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Closes by itself');
  await page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Closes by itself' })).toHaveAttribute('data-message-id', /^\d+$/);
  await expect(recallOf('Closes by itself')).toHaveCount(1);
  // Nothing on the page changes when the window closes: the button goes on its own.
  await expect(recallOf('Closes by itself')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('message').filter({ hasText: 'Closes by itself' }).getByRole('button', { name: 'Delete for me' })).toHaveCount(1);

  // Asked in time but confirmed too late: the server refuses and the reader is told why.
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Confirmed too late');
  await page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
  const late = page.getByTestId('message').filter({ hasText: 'Confirmed too late' });
  await expect(late).toHaveAttribute('data-message-id', /^\d+$/);
  await late.hover();
  await recallOf('Confirmed too late').click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete for everyone' });
  await expect(dialog).toBeVisible();
  await expect(recallOf('Confirmed too late')).toHaveCount(0, { timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The time limit to recall this message has passed' })).toBeVisible();
  await expect(late).toContainText('Confirmed too late');
  await screenshot(page, 'recall-window-closed');
});

test('the Chats button and the browser tab count unread messages over every chat, and follow reading', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  const group = await other.api.createMultipleRoom({ roomName: `Unread group ${people}`, memberIds: [String(me.id)] });
  if (!group.ok) throw new Error('could not create the group');
  const page = await openPage();
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  await expect(page.getByTestId('room-row').filter({ hasText: 'Writer' })).toBeVisible();
  const total = page.getByTestId('unread-total');
  await expect(total).toHaveCount(0);
  const title = await page.title();
  expect(title).not.toMatch(/^\(/);

  await sendTexts(other, roomId, ['First unread', 'Second unread']);
  await sendTexts(other, String(group.data.roomId), ['Group unread']);
  await expect(total).toHaveText('3');
  await expect(page).toHaveTitle(`(3) ${title}`);
  await expect(page.getByRole('button', { name: 'Chats, 3 unread messages' })).toBeVisible();
  await screenshot(page, 'unread-total');

  // Reading the single chat leaves the group's one.
  await page.getByTestId('room-row').filter({ hasText: 'Writer' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Second unread' })).toBeVisible();
  await expect(total).toHaveText('1');
  await expect(page).toHaveTitle(`(1) ${title}`);
  await page.getByTestId('room-row').filter({ hasText: 'Unread group' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Group unread' })).toBeVisible();
  await expect(total).toHaveCount(0);
  await expect(page).toHaveTitle(title);
});

test("a self-destructing message leaves the open chat when its time is up, without a 'deleted' trace", async ({ openPage }) => {
  people += 1;
  const me = await person(csd.server, `timer${people}`, `Timer ${people}`);
  const other = await person(csd.server, `sender${people}`, `Sender ${people}`);
  const created = await me.api.createMultipleRoom({ roomName: `Timed ${people}`, memberIds: [String(other.id)] });
  if (!created.ok) throw new Error('could not create the group');
  const roomId = String(created.data.roomId);
  await sendTexts(other, roomId, ['Sent before the timer']);
  const timer = await me.api.updateSelfDestructSetting({ roomId, enable: true, selfDestructTime: { value: 3, unit: 'second' } });
  if (!timer.ok) throw new Error('could not set the timer');
  const page = await openPage();
  await openRoom(page, me, `Timed ${people}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Sent before the timer' })).toBeVisible();

  await sendTexts(other, roomId, ['Gone in three seconds']);
  const timed = page.getByTestId('message').filter({ hasText: 'Gone in three seconds' });
  await expect(timed).toBeVisible();
  // The server's housekeeping (every 5 s) wipes it after its 3 s and tells the room.
  await expect(timed).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('message').filter({ hasText: 'This message was deleted' })).toHaveCount(0);
  await expect(page.getByTestId('message').filter({ hasText: 'Sent before the timer' })).toBeVisible();
  await screenshot(page, 'self-destructed');
});

test('a file shows its plaintext size and its real type, whatever its name does', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  const page = await openPage();
  await openRoom(page, me, 'Writer');

  // 45 bytes of PDF: the label says 45 B (the ciphertext is 64 bytes plus the IV).
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer\n%%EOF\n\n', 'latin1');
  expect(pdf.length).toBe(45);
  const sent = page.waitForResponse((response) => isSend(response.url()));
  await page.getByTestId('file-input').setInputFiles({ name: 'ward-rota.pdf', mimeType: 'application/pdf', buffer: pdf });
  await sent;
  const own = page.getByTestId('message').filter({ hasText: 'ward-rota.pdf' });
  await expect(own).toHaveAttribute('data-message-id', /^\d+$/);
  await expect(own.getByTestId('file-size')).toHaveText('45 B');
  await expect(own.getByTestId('file-type')).toHaveText('PDF');

  // A right-to-left override would show 'x\u202Efdp.exe' as 'xexe.pdf': shown as it is, typed EXE.
  await sendFile(other, roomId, 'x\u202Efdp.exe', pdf, 'application/pdf');
  const hostile = page.getByTestId('message').filter({ hasText: 'xfdp.exe' });
  await expect(hostile.getByTestId('file-name')).toHaveText('xfdp.exe');
  await expect(hostile.getByTestId('file-type')).toHaveText('EXE');
  await expect(hostile.getByTestId('file-size')).toHaveText('45 B');
  await expect(page.getByTestId('room-row').filter({ hasText: 'Writer' }).getByTestId('room-preview')).toHaveText('File: xfdp.exe');
  await screenshot(page, 'file-real-type');

  // A name longer than the server takes (255 characters) is sent cut at the end of its stem, its type kept.
  await page.getByTestId('file-input').setInputFiles({ name: `${'ä'.repeat(300)}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  const long = page.getByTestId('message').filter({ has: page.getByTestId('file-name').filter({ hasText: 'ääää' }) });
  await expect(long).toHaveAttribute('data-message-id', /^\d+$/);
  await expect(long.getByTestId('file-name')).toHaveText(`${'ä'.repeat(251)}.pdf`);
  await expect(long.getByTestId('file-type')).toHaveText('PDF');
});

test('hostile text keeps each bubble inside its row: combining marks, bidi overrides, 200 lines behind Show more', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  const zalgo = `Z${'\u0336\u0301\u0300'.repeat(100)}algo`;
  const override = 'invoice \u202Egnp.exe and after it';
  const lines = Array.from({ length: 200 }, (_, index) => `line ${index + 1}`).join('\n');
  await sendTexts(other, roomId, ['Before the hostile texts', zalgo, override, lines, 'After the hostile texts']);
  const page = await openPage();
  await openRoom(page, me, 'Writer');
  await expect(page.getByTestId('message').filter({ hasText: 'After the hostile texts' })).toBeVisible();

  // 300 combining marks on one letter: at most four are drawn.
  const zalgoText = page.getByTestId('message-text').filter({ hasText: 'algo' });
  const marks = await zalgoText.evaluate((element) => (element.textContent ?? '').match(/\p{M}/gu)?.length ?? 0);
  expect(marks).toBeLessThanOrEqual(4);

  // The override stays inside its bubble: the text is isolated (bdi) and the sender's name reads as it is.
  const overrideText = page.getByTestId('message-text').filter({ hasText: 'invoice' });
  await expect(overrideText).toHaveCSS('unicode-bidi', 'isolate');
  expect(await overrideText.evaluate((element) => element.tagName)).toBe('BDI');

  // 200 lines: collapsed, then opened with Show more and closed with Show less.
  const long = page.getByTestId('message').filter({ hasText: 'line 1' }).filter({ hasText: 'line 12' });
  const toggle = long.getByRole('button', { name: 'Show more' });
  await expect(toggle).toBeVisible();
  expect((await boxOf(long.locator('article'))).height).toBeLessThan(500);
  await expectBubblesInsideRows(page);
  await screenshot(page, 'hostile-text');
  await toggle.click();
  await expect(long.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await boxOf(long.locator('article'))).height).toBeGreaterThan(2000);
  await long.getByRole('button', { name: 'Show less' }).click();
  await expect.poll(async () => (await boxOf(long.locator('article'))).height).toBeLessThan(500);
  await expectBubblesInsideRows(page);
});

test("the maximum-text notice keeps a too long text unsent; emoji alone are enlarged (36, input 20, preview 18)", async ({ openPage }) => {
  const { me } = await pair();
  const page = await openPage();
  await openRoom(page, me, 'Writer');
  const sends: string[] = [];
  page.on('request', (request) => {
    if (isSend(request.url())) sends.push(request.url());
  });
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });

  await composer.fill('x'.repeat(15_200));
  const notice = page.getByTestId('text-too-long');
  await expect(notice).toHaveText('Maximum text length exceeded: a message holds at most 10,000 characters (this one has 15,200).');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await composer.press('Enter');
  await expect(composer).toHaveValue('x'.repeat(15_200)); // kept for the user to shorten
  await screenshot(page, 'text-too-long');

  await composer.fill('😀🎉');
  await expect(notice).toBeHidden();
  await expect(composer).toHaveCSS('font-size', '20px');
  const sent = page.waitForResponse((response) => isSend(response.url()));
  await composer.press('Enter');
  await sent;
  expect(sends).toHaveLength(1); // only the emoji went out, never the long text
  const emoji = page.getByTestId('message-text').filter({ hasText: '😀🎉' });
  await expect(emoji).toHaveCSS('font-size', '36px');
  await expect(page.getByTestId('room-row').filter({ hasText: 'Writer' }).getByTestId('room-preview')).toHaveCSS('font-size', '18px');
  // The input's emoji size is the theme's token (the same 20 px as CSD's input text).
  const token = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--cg-size-emoji-input').trim());
  expect(token).toBe('20px');
  await screenshot(page, 'emoji-enlarged');
});

test('the right panel narrows the main panel; the message beside it keeps its width and its actions sit beside it', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  const long = 'A long message that must keep a readable width beside the open panel. '.repeat(4);
  await sendTexts(other, roomId, ['A message to inspect', long]);
  const wide = await openPage({ viewport: { width: 1366, height: 860 } });
  await openRoom(wide, me, 'Writer');
  await wide.getByRole('textbox', { name: 'Message', exact: true }).fill('My own message, right-aligned');
  await wide.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
  const own = wide.getByTestId('message').filter({ hasText: 'My own message' });
  await expect(own).toHaveAttribute('data-message-id', /^\d+$/);
  await own.hover();
  await own.getByRole('button', { name: 'Message info' }).click();
  const panel = wide.getByTestId('right-panel');
  await expect(panel.getByRole('heading', { name: 'Message info' })).toBeVisible();
  await expect.poll(async () => (await boxOf(wide.getByRole('main'))).right).toBeLessThanOrEqual((await boxOf(panel)).left + 0.5);
  expect((await boxOf(own.locator('article'))).right).toBeLessThanOrEqual((await boxOf(panel)).left);
  // The bubble keeps its share of the narrower timeline (70 %): the hidden hover actions take no room from it.
  const longBubble = wide.getByTestId('message').filter({ hasText: 'readable width' }).locator('article');
  const mainBox = await boxOf(wide.getByRole('main'));
  expect((await longBubble.evaluate((element) => element.getBoundingClientRect().width)) / (mainBox.right - mainBox.left)).toBeGreaterThan(0.6);
  await own.hover();
  await expect(own.getByRole('toolbar', { name: 'Message actions' })).toBeVisible();
  // The actions sit beside the hovered bubble (tests/e2e/message-actions.e2e.ts), never over its text, and stay in
  // the narrowed timeline.
  const [toolbarBox, ownBubble] = [await boxOf(own.getByRole('toolbar', { name: 'Message actions' })), await boxOf(own.locator('article'))];
  expect(overlaps(toolbarBox, ownBubble)).toBe(false);
  expect(toolbarBox.left).toBeGreaterThanOrEqual((await boxOf(wide.getByRole('main'))).left);
  expect(toolbarBox.right).toBeLessThanOrEqual((await boxOf(panel)).left);
  await screenshot(wide, 'right-panel-narrows-main');

});

test('the right panel shares the width from 1,200 px (1,280, 1,366, 1,440) and slides over the chat at 1,024 px, with the focus', async ({ openPage }) => {
  const { me } = await pair();
  const page = await openPage({ viewport: { width: 1366, height: 760 } });
  await openRoom(page, me, 'Writer');
  const infoButton = page.getByRole('button', { name: 'Chat info' });
  await infoButton.click();
  const panel = page.getByTestId('right-panel');
  await expect(panel.getByRole('heading', { name: 'Chat info' })).toBeVisible();
  const main = page.getByRole('main');
  const left = page.getByRole('complementary', { name: 'Chat list' });
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  const send = page.getByRole('button', { name: 'Send', exact: true });
  for (const width of [1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 760 });
    // Side by side inside the window: room list, chat, panel, each at least its narrowest (docs/client-ui.md,
    // "Right panel widths"): the list 320 px, the chat 560, the panel 320.
    await expect.poll(async () => (await boxOf(main)).right - (await boxOf(panel)).left).toBeLessThanOrEqual(0.5);
    const [leftBox, mainBox, panelBox] = [await boxOf(left), await boxOf(main), await boxOf(panel)];
    expect(leftBox.right).toBeLessThanOrEqual(mainBox.left + 0.5);
    expect(panelBox.right).toBeLessThanOrEqual(width + 0.5);
    expect(leftBox.right - leftBox.left).toBeGreaterThanOrEqual(319.5);
    expect(mainBox.right - mainBox.left).toBeGreaterThanOrEqual(559.5);
    expect(panelBox.right - panelBox.left).toBeGreaterThanOrEqual(319.5);
    await expect(page.getByTestId('right-panel-scrim')).toBeHidden();
    await expect(main).not.toHaveAttribute('inert');
    // Send stays beside the text box, inside the chat, and the composer's tools stay on one line above it.
    const [inputBox, sendBox] = [await boxOf(composer), await boxOf(send)];
    expect(sendBox.left).toBeGreaterThanOrEqual(inputBox.right - 0.5);
    expect((sendBox.top + sendBox.bottom) / 2).toBeGreaterThan(inputBox.top);
    expect((sendBox.top + sendBox.bottom) / 2).toBeLessThan(inputBox.bottom);
    expect(sendBox.right).toBeLessThanOrEqual(mainBox.right + 0.5);
    // The tools are the buttons of the composer's row outside the text box's own line.
    const toolTops = await composer.evaluate((input) => {
      const entry = input.parentElement;
      const buttons = Array.from(entry?.parentElement?.querySelectorAll('button') ?? []).filter((button) => !entry?.contains(button));
      return buttons.map((button) => Math.round(button.getBoundingClientRect().top));
    });
    expect(toolTops.length).toBeGreaterThan(3);
    expect(new Set(toolTops).size).toBe(1);
    await screenshot(page, `right-panel-shares-${width}`);
  }

  // A 1,024 px laptop: the panel covers part of the chat, which keeps its width and waits under a scrim, and the
  // room list keeps its own; the focus goes to the panel's title and comes back to the button that opened it.
  await page.getByRole('button', { name: 'Close details' }).click();
  await page.setViewportSize({ width: 1024, height: 760 });
  await expect(panel.getByRole('heading')).toHaveCount(0);
  const [leftAlone, mainAlone] = [await boxOf(left), await boxOf(main)];
  await infoButton.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'Chat info' })).toBeFocused();
  await expect.poll(async () => (await boxOf(panel)).left).toBeLessThan((await boxOf(main)).right - 100);
  // Focusing the sliding panel scrolled nothing sideways (the whole layout moved once, and stayed so).
  expect(await panel.evaluate((element) => {
    let scrolled = 0;
    for (let node: Element | null = element; node; node = node.parentElement) scrolled += Math.abs(node.scrollLeft);
    return scrolled;
  })).toBe(0);
  expect(await boxOf(left)).toEqual(leftAlone);
  expect(await boxOf(main)).toEqual(mainAlone);
  expect((await boxOf(panel)).right).toBeLessThanOrEqual(1024 + 0.5);
  await expect(main).toHaveAttribute('inert');
  await expect(page.getByTestId('right-panel-scrim')).toBeVisible();
  await screenshot(page, 'right-panel-over-main-1024');
  await page.keyboard.press('Escape');
  await expect(panel.getByRole('heading')).toHaveCount(0);
  await expect(infoButton).toBeFocused();
  await expect(main).not.toHaveAttribute('inert');
  // A click on the scrim closes it too.
  await infoButton.click();
  await expect(panel.getByRole('heading', { name: 'Chat info' })).toBeVisible();
  await page.getByTestId('right-panel-scrim').click({ position: { x: 20, y: 200 } });
  await expect(panel.getByRole('heading')).toHaveCount(0);
  await expect(page.getByTestId('right-panel-scrim')).toHaveCount(0);
});

test('@ suggests members on a text box that keeps its role: list, highlighted option and count while open; arrows, Enter and Escape', async ({ openPage }) => {
  const { me } = await pair();
  const long = await person(csd.server, `longname${people}`, 'Wolfeschlegelsteinhausenbergerdorffvoralternwarenge'.repeat(4));
  const nurse = await person(csd.server, `nurse${people}`, `Nurse ${people}`);
  ok(await me.api.createMultipleRoom({ roomName: `Ward ${people}`, memberIds: [String(long.id), String(nurse.id)] }));
  const page = await openPage({ viewport: { width: 1024, height: 760 } });
  await openRoom(page, me, `Ward ${people}`);
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await expect(composer).not.toHaveAttribute('role');
  await expect(composer).not.toHaveAttribute('aria-controls');
  await composer.pressSequentially('Ask @');
  const list = page.getByRole('listbox', { name: 'Mention a member' });
  const options = list.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(composer).toHaveAttribute('aria-autocomplete', 'list');
  await expect(composer).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');
  await expect(composer).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');
  await expect(page.getByRole('status').filter({ hasText: 'members suggested' })).toHaveText(/^2 members suggested/);
  // A 200-letter name stays inside the chat: the list is no wider than the composer, the name ends in an ellipsis.
  const mainBox = await boxOf(page.getByRole('main'));
  const listBox = await boxOf(list);
  expect(listBox.left).toBeGreaterThanOrEqual(mainBox.left);
  expect(listBox.right).toBeLessThanOrEqual(mainBox.right + 0.5);
  await screenshot(page, 'mention-suggestions');

  await composer.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(composer).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
  const picked = (await options.nth(1).innerText()).trim();
  await composer.press('Enter');
  await expect(composer).toHaveValue(`Ask @${picked} `);
  await expect(composer).toBeFocused();
  await expect(list).toHaveCount(0);
  await expect(composer).not.toHaveAttribute('aria-activedescendant');
  await expect(composer).not.toHaveAttribute('aria-autocomplete');

  // Escape closes the suggestions only, not the open right panel beside the chat (a window where it sits beside the
  // chat: at 1,024 px it covers the chat, which waits); the next Escape closes the panel.
  await page.setViewportSize({ width: 1366, height: 760 });
  await page.getByRole('button', { name: 'Chat info' }).click();
  const panelHeading = page.getByTestId('right-panel').getByRole('heading', { name: 'Chat info' });
  await expect(panelHeading).toBeVisible();
  await composer.click();
  await composer.press('End');
  await composer.pressSequentially('and @Nur');
  await expect(options).toHaveCount(1);
  await composer.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(composer).toHaveValue(`Ask @${picked} and @Nur`);
  await expect(panelHeading).toBeVisible();
  await composer.press('Escape');
  await expect(panelHeading).toHaveCount(0);
});

test("the message list is one Tab stop: arrows move between messages, Tab reaches the focused one's actions only", async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  await sendTexts(other, roomId, ['First of three', 'Second of three']);
  await sendFile(other, roomId, 'notes.pdf', new TextEncoder().encode('%PDF-1.4 notes'), 'application/pdf');
  const page = await openPage();
  await openRoom(page, me, 'Writer');
  const messages = page.getByTestId('message');
  await expect(messages).toHaveCount(3);
  const list = page.getByTestId('message-list');
  // Screen readers find one top heading on the page (axe's page-has-heading-one).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CSD Chat');
  // From the header's last button one Tab reaches the list and the next the composer's first tool, past every
  // message's buttons (the file's download and open buttons included).
  await page.getByRole('button', { name: 'Close chat' }).focus();
  await page.keyboard.press('Tab');
  await expect(list).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Attach file' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(list).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(messages.nth(2)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(messages.nth(1)).toBeFocused();
  await expect(messages.nth(1).getByRole('toolbar', { name: 'Message actions' })).toBeVisible();
  await screenshot(page, 'message-list-keyboard');
  await page.keyboard.press('Tab');
  await expect(messages.nth(1).getByRole('button', { name: 'Reply' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel reply' })).toBeVisible();
});

test('a chat with no message yet is as tall in the room list as one with a preview', async ({ openPage }) => {
  const { me, other, roomId } = await pair();
  await sendTexts(other, roomId, ['Hello']);
  const quiet = await person(csd.server, `quiet${people}`, `Quiet ${people}`);
  const created = await quiet.api.createSingleRoom({ memberId: String(me.id) });
  expect(created.ok).toBe(true);
  const page = await openPage();
  await openRoom(page, me, 'Writer');
  const rows = page.getByTestId('room-row');
  await expect(rows.filter({ hasText: 'Writer' }).getByTestId('room-preview')).toHaveText('Hello');
  await expect(rows).toHaveCount(2);
  const heights = await rows.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().height)));
  expect(heights).toHaveLength(2);
  expect(heights[0]).toBe(heights[1]);
});

test('a member who hides their presence while the header is fetching it shows no dot once that answer lands', async ({ openPage }) => {
  const { me, other } = await pair();
  const page = await openPage();
  const statusNotices = countNotices(page, 'USER_STATUS_CHANGE');
  // The header's presence is read while the writer still shows it, and held until the change's notice is in.
  const held = await holdNextAnswer(page, '/chat/sec/account/checkaccountonlinestatus');
  await openRoom(page, me, `Writer ${people}`);
  await held.answered;
  ok(await other.api.updateAccountPrivacyViewPresence({ viewPresence: 'NONE' }));
  await expect.poll(statusNotices).toBe(1);
  await held.release();
  await held.stop();
  await expect(page.getByTestId('chat-title')).toContainText(`Writer ${people}`);
  await expect(page.getByTestId('chat-title').getByTestId('online-dot')).toHaveCount(0);
  await screenshot(page, 'presence-hidden-while-fetching');
});
