// Every one of the 20 variants in a real browser against the reference server: its login page loads (screenshot),
// it logs in by its default mode and shows the chat page (screenshot), and the features its flags switch differ in
// the DOM (browser check, restricted notice, accessibility badge, QR login, notification prompt, full screen,
// attachment download, voice call, video and external conferences, stickers, the lite builds' web view login), each present exactly where the
// variant switches it on; tests/contract/flag-bundles.test.ts checks their code is absent from the other bundles.
// One test per variant, each with its own server.
import type { Page } from '@playwright/test';
import { loadProject } from '../../generator/src/load/project.ts';
import { resolveVariant } from '../../generator/src/resolve/variant.ts';
import { signIn } from '../support/node-transport.ts';
import { person, ok } from '../support/people.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';
import { BROWSER_TEST_SERVER_ENV, expect, screenshot, test } from './fixtures.ts';
import { builtVariants, repoRoot } from './support/build-cache.ts';
import { sendFile, sendTexts } from './support/room-helpers.ts';

interface Variant {
  id: string;
  flags: Record<string, boolean>;
  loginNameLabel: string;
  passwordLabel: string;
  qrFirst: boolean;
}

const project = loadProject(repoRoot);
const variants: Variant[] = [...project.variants.keys()].sort().map((id) => {
  const config = resolveVariant(project, id).config as {
    flags: Record<string, boolean>;
    wording: { en_US: { loginNameLabel: string; passwordLabel: string } };
    login?: { defaultMode?: string };
  };
  return {
    id,
    flags: config.flags,
    loginNameLabel: config.wording.en_US.loginNameLabel,
    passwordLabel: config.wording.en_US.passwordLabel,
    qrFirst: config.flags.IS_ALLOW_QR_LOGIN === true && config.login?.defaultMode === 'qr',
  };
});
const GROUP = 5;
const groups = Array.from({ length: Math.ceil(variants.length / GROUP) }, (_, i) => variants.slice(i * GROUP, (i + 1) * GROUP));

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';
const PEER = 'Variant Peer';
const marker = (page: Page, flag: string) => page.locator(`[data-flag="${flag}"]`);

/** Present in the page when `on`, absent otherwise (after the page has shown `ready`). */
async function expectMarker(page: Page, flag: string, on: boolean): Promise<void> {
  if (on) await expect(marker(page, flag).first(), `${flag} shown`).toBeVisible();
  else await expect(marker(page, flag), `${flag} absent`).toHaveCount(0);
}

/** The account of the walk and a room with a text and a file from another member. */
async function seedPeople(server: TestServer): Promise<string> {
  const me = await createTestAccount(server, { loginName: 'variant.user', fullName: 'Variant User' });
  const peer = await person(server, 'variant.peer', PEER);
  const roomId = String(ok(await peer.api.createSingleRoom({ memberId: String(me.id) })).roomId);
  await sendTexts(peer, roomId, ['Welcome to this variant']);
  await sendFile(peer, roomId, 'handover.txt', new TextEncoder().encode('ward handover'), 'text/plain');
  return roomId;
}

async function walkVariant(openPage: (o?: { userAgent?: string }) => Promise<Page>, server: TestServer, v: Variant, roomId: string): Promise<void> {
  const { flags } = v;

  // The browser check: old Internet Explorer gets the unsupported-browser page only where the check is on.
  const ie = await openPage({ userAgent: IE11 });
  await ie.goto(`${server.url}/`);
  if (flags.IS_ALLOW_BROWSER_CHECK) await expectMarker(ie, 'IS_ALLOW_BROWSER_CHECK', true);
  else await expect(ie).toHaveURL(/\/login$/);
  await expectMarker(ie, 'IS_ALLOW_BROWSER_CHECK', flags.IS_ALLOW_BROWSER_CHECK === true);
  await ie.context().close();

  const page = await openPage();
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(/\/login$/);
  const otherMode = page.getByRole('button', { name: v.qrFirst ? 'Login with password' : 'Login with QR code' });
  // The lite builds show the host web view's login page instead of the form.
  await expectMarker(page, 'IS_ALLOW_WEBVIEW_LOGIN', flags.IS_ALLOW_WEBVIEW_LOGIN === true);
  if (flags.IS_ALLOW_QR_LOGIN) await expect(otherMode).toBeVisible();
  else if (!flags.IS_ALLOW_WEBVIEW_LOGIN) await expect(page.getByLabel(v.loginNameLabel)).toBeVisible();
  await expect(page.getByLabel(v.loginNameLabel)).toHaveCount(flags.IS_ALLOW_WEBVIEW_LOGIN || v.qrFirst ? 0 : 1);
  await expect(page.getByRole('button', { name: /Login with (QR code|password)/ })).toHaveCount(flags.IS_ALLOW_QR_LOGIN ? 1 : 0);
  await expectMarker(page, 'IS_SHOW_RESTRICTED_NOTICE', flags.IS_SHOW_RESTRICTED_NOTICE === true);
  await expectMarker(page, 'IS_SHOW_ACCESSIBILITY_BADGE', flags.IS_SHOW_ACCESSIBILITY_BADGE === true);
  await screenshot(page, `variant-${v.id}-login`);

  // The lite builds log in through their host (the web view's authenticate message): tests/e2e/login-*.e2e.ts.
  if (flags.IS_ALLOW_WEBVIEW_LOGIN) return;
  if (v.qrFirst) await otherMode.click(); // the phone's side of QR login is the login specs' part
  await page.getByLabel(v.loginNameLabel).fill('variant.user');
  await page.getByLabel(v.passwordLabel, { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel(v.passwordLabel, { exact: true }).press('Enter');
  // A login generates the device's RSA key pair and hashes the password: slow while the machine is busy.
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  const row = page.getByTestId('room-row').filter({ hasText: PEER });
  // A grid child shows the main panel only (layout left 0 of 12): its room comes from the grid (tests/e2e/grid.e2e.ts).
  const gridChild = flags.IS_SHOW_GRID_CHILD_MODE === true;
  if (gridChild) await expect(page.getByTestId('room-row')).toHaveCount(0);
  else await expect(row).toBeVisible();
  await expectMarker(page, 'IS_SHOW_NOTIFICATION_PROMPT', flags.IS_ALLOW_DESKTOP_NOTIFICATION === true && flags.IS_SHOW_NOTIFICATION_PROMPT === true);
  await expectMarker(page, 'IS_ALLOW_FULL_SCREEN', flags.IS_ALLOW_FULL_SCREEN === true);
  // The grid builds offer the grid view on the welcome panel (tests/e2e/grid.e2e.ts walks it).
  await expectMarker(page, 'IS_SHOW_GRID_MODE', flags.IS_SHOW_GRID_MODE === true);

  if (gridChild) {
    // As the grid opens it: a new page load (a child keeps its session in memory only) with a token and the room.
    const { token } = ok(await (await signIn(server.url, 'variant.user', TEST_PASSWORD)).api.generateToken({}));
    await page.goto(`${server.url}/?${new URLSearchParams({ loginName: 'variant.user', token, authTokenType: 'WEBVIEW', roomId }).toString()}`);
  } else await row.click();
  await expect(page.getByTestId('chat-title')).toContainText(PEER);
  await expect(page.getByTestId('file-name').filter({ hasText: 'handover.txt' })).toBeVisible();
  await expectMarker(page, 'IS_ALLOW_DOWNLOAD_ATTACHMENT', flags.IS_ALLOW_DOWNLOAD_ATTACHMENT === true);
  // The header's less used actions are in its "More actions" menu (docs/client-ui.md, "Chat header"): opened, when
  // the variant has more actions than the header shows, so that the markers of both are in the page.
  const more = page.getByRole('button', { name: 'More actions' });
  const folded = (await more.count()) > 0;
  if (folded) await more.click();
  await expectMarker(page, 'IS_ALLOW_VOICE_CALL', flags.IS_ALLOW_VOICE_CALL === true);
  await expectMarker(page, 'IS_ALLOW_VIDEO_CONFERENCE', flags.IS_ALLOW_VIDEO_CONFERENCE === true);
  await expectMarker(page, 'IS_ALLOW_EXTERNAL_CONFERENCE', flags.IS_ALLOW_EXTERNAL_CONFERENCE === true);
  if (folded) await page.keyboard.press('Escape');
  await expectMarker(page, 'IS_ALLOW_STICKER', flags.IS_ALLOW_STICKER === true && flags.IS_ALLOW_MSG_TYPE_STICKER === true);
  await screenshot(page, `variant-${v.id}-chat`);
}

// One test per variant, each on its own data folder and server (a copy of the run's prepared store), so that the
// walks spread over the workers at the end of a run instead of four long ones forming its tail. A variant's group
// of five is built together (one bundling run under the build lock is quicker than five).
test.describe.configure({ mode: 'parallel' });

for (const group of groups) {
  for (const v of group) {
    test(`variant ${v.id}: login page, login and the features its flags switch`, async ({ openPage }) => {
      test.setTimeout(300_000);
      const dirs = await builtVariants(group.map((member) => member.id));
      const server = await startTestServer({ ...BROWSER_TEST_SERVER_ENV, CLIENT_DIR: dirs.get(v.id)!, VARIANT: v.id });
      try {
        await walkVariant(openPage, server, v, await seedPeople(server));
      } finally {
        await server.close();
      }
    });
  }
}
