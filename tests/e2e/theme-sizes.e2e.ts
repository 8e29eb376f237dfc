// Seed section 9's sizes that differ by variant, measured on the rendered page of each variant that sets them
// (HOSPITAL; its grid, grid-child and lite builds take the same theme, tests/variants/schema.test.ts) beside the
// default (CSD): message input text, welcome text, post title, system message text, media viewer title (size and
// weight) and the login form's width.
import { letterImage } from '../../server/services/content/images.ts';
import { encryptText, person, roomKey } from '../support/people.ts';
import { createTestAccount, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';
import { expect, screenshot, serveVariant, test, type Page } from './fixtures.ts';
import { sendKind } from './support/message-kinds.ts';

const csd = serveVariant('CSD');
const hospital = serveVariant('HOSPITAL');

interface Sizes {
  loginFormShare: number;
  welcome: string;
  input: string;
  postTitle: string;
  system: string;
  mediaTitle: string;
  mediaTitleWeight: string;
}

const expected: Record<'CSD' | 'HOSPITAL', Sizes> = {
  CSD: { loginFormShare: 1, welcome: '50px', input: '20px', postTitle: '12px', system: '16px', mediaTitle: '16px', mediaTitleWeight: '400' },
  HOSPITAL: { loginFormShare: 0.7, welcome: '30px', input: '15px', postTitle: '16px', system: '14px', mediaTitle: '25px', mediaTitleWeight: '700' },
};

/** A chat with a colleague who has a post title, a system line and a picture in it. */
async function prepareChat(server: TestServer, prefix: string): Promise<{ loginName: string; colleague: string }> {
  const me = await createTestAccount(server, { loginName: `${prefix}_me`, fullName: `${prefix} Me` });
  const colleague = await person(server, `${prefix}_colleague`, `${prefix} Colleague`);
  await server.app.ctx.repos.accounts.updateProfileField(Number(colleague.id), 'postTitle', 'Ward Manager');
  const created = await colleague.api.createSingleRoom({ memberId: String(me.id) });
  if (!created.ok) throw new Error('could not open the chat');
  const roomId = String(created.data.roomId);
  const key = await roomKey(colleague, roomId);
  await server.app.ctx.repos.messages.insertIntoRoom({
    roomId: Number(roomId),
    senderId: null,
    messageType: 'SYSTEM',
    messageKeyUuid: key.messageKeyUuid,
    aesMessage: encryptText(key, 'The chat was started'),
    createdAt: new Date(),
  });
  const bytes = await letterImage({ size: 120, colour: '#00695C', letter: 'S', shape: 'square' });
  await sendKind(colleague, roomId, { type: 'IMAGE', file: { name: 'chart.png', bytes, mimeType: 'image/png', width: 120, height: 120 } });
  return { loginName: `${prefix}_me`, colleague: `${prefix} Colleague` };
}


async function measure(page: Page, url: string, loginName: string, colleague: string, variant: string): Promise<Sizes> {
  await page.goto(`${url}/login`);
  const form = page.getByRole('form', { name: 'Login form' });
  const loginFormShare = await form.evaluate((element) => {
    const column = element.parentElement as HTMLElement;
    return column.offsetWidth / (column.parentElement as HTMLElement).clientWidth;
  });
  await form.getByRole('textbox').first().fill(loginName);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const welcome = page.locator('p', { hasText: /^Welcome to / }).first();
  await expect(welcome).toBeVisible();
  const welcomeSize = await welcome.evaluate((element) => getComputedStyle(element).fontSize);
  await page.getByTestId('room-row').filter({ hasText: colleague }).click();
  const header = page.locator('header').filter({ has: page.getByTestId('chat-title') });
  const postTitle = header.getByText('Ward Manager', { exact: true });
  const system = page.getByTestId('system-line').filter({ hasText: 'The chat was started' });
  await expect(postTitle).toBeVisible();
  await expect(system).toBeVisible();
  const input = await page.getByRole('textbox', { name: 'Message', exact: true }).evaluate((element) => getComputedStyle(element).fontSize);
  await page.locator('[data-testid="message"][data-kind="IMAGE"]').last().getByRole('button', { name: 'Open image chart.png' }).click();
  const title = page.getByRole('dialog', { name: 'chart.png' }).getByRole('heading', { name: 'chart.png' });
  await expect(title).toBeVisible();
  await screenshot(page, `theme-sizes-media-viewer-${variant.toLowerCase()}`);
  const [mediaTitle, mediaTitleWeight] = await title.evaluate((element) => [getComputedStyle(element).fontSize, getComputedStyle(element).fontWeight]);
  return {
    loginFormShare: Math.round(loginFormShare * 10) / 10,
    welcome: welcomeSize,
    input,
    postTitle: await postTitle.evaluate((element) => getComputedStyle(element).fontSize),
    system: await system.evaluate((element) => getComputedStyle(element).fontSize),
    mediaTitle: mediaTitle ?? '',
    mediaTitleWeight: mediaTitleWeight ?? '',
  };
}

for (const [variant, served] of [['CSD', csd], ['HOSPITAL', hospital]] as const) {
  test(`${variant}: every size of seed section 9 that differs by variant, on the rendered page`, async ({ openPage }) => {
    const { loginName, colleague } = await prepareChat(served.server, variant.toLowerCase());
    const page = await openPage();
    const sizes = await measure(page, served.url, loginName, colleague, variant);
    expect(sizes).toEqual(expected[variant]);
  });
}
