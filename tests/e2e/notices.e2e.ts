// What the CSD client tells its user beside the chat: toasts (placed below the panels' headers, a progress toast
// replaced by its result) and desktop notifications the browser refuses (what happened and how to allow them; the
// Notification Setting page with the seed's settings).
import type { Locator, Page } from '@playwright/test';
import { albumProcessor } from '../../server/services/content/album-processing.ts';
import { letterImage } from '../../server/services/content/images.ts';
import { ok } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { sendKind } from './support/message-kinds.ts';
import { openRoomAs, pairInChat } from './support/room-helpers.ts';

const csd = serveVariant('CSD');

async function box(locator: Locator): Promise<{ top: number; bottom: number; left: number; right: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return { top: found.y, bottom: found.y + found.height, left: found.x, right: found.x + found.width };
}

async function expectApart(toast: Locator, others: Locator[]): Promise<void> {
  const shown = await box(toast);
  for (const other of others) {
    const hidden = await box(other);
    const overlaps = shown.left < hidden.right && hidden.left < shown.right && shown.top < hidden.bottom && hidden.top < shown.bottom;
    expect(overlaps, `the toast covers ${String(other)}`).toBe(false);
  }
}

test("a toast hides neither the chat's header nor the composer, and 'Saving…' gives way to 'Saved…'", async ({ openPage }) => {
  const { me, other, roomId } = await pairInChat(csd.server, ['toastowner', 'Toast Owner'], ['toastsender', 'Toast Sender']);
  const bytes = await letterImage({ size: 120, colour: '#1D4E89', letter: 'T', shape: 'square' });
  await sendKind(other, roomId, { type: 'IMAGE', file: { name: 'ward.png', bytes, mimeType: 'image/png', width: 120, height: 120 } });
  const page = await openPage();
  await openRoomAs(page, csd.url, me, 'Toast Sender');
  const picture = page.locator('[data-testid="message"][data-kind="IMAGE"]').last();
  const processor = albumProcessor(csd.server.app.ctx);
  processor.pause();
  await picture.hover();
  await picture.getByRole('button', { name: 'Upload to private album' }).click();
  const saving = page.getByTestId('toast').filter({ hasText: 'Saving to your private album…' });
  await expect(saving).toBeVisible();
  await expectApart(saving, [
    page.locator('header').filter({ has: page.getByTestId('chat-title') }),
    page.getByRole('textbox', { name: 'Message', exact: true }),
    page.getByRole('heading', { name: 'Chats' }),
  ]);
  await screenshot(page, 'toast-below-header');
  processor.resume();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved to your private album: ward.png' })).toBeVisible();
  await expect(saving).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await screenshot(page, 'toast-result-replaces-progress');
});

/** The browser answers the permission question as a user who refuses it (Chromium's headless one cannot be asked). */
async function browserRefusesNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true });
    Notification.requestPermission = () => {
      permission = 'denied';
      return Promise.resolve(permission);
    };
  });
}

test('refused desktop notifications: the user is told what happened and how to allow them; the setting page shows the seed\'s settings', async ({ openPage }) => {
  const { me } = await pairInChat(csd.server, ['notifyowner', 'Notify Owner'], ['notifyother', 'Notify Other']);
  const page = await openPage();
  await browserRefusesNotifications(page);
  // The welcome screen (no chat open) offers the prompt.
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  await page.getByRole('button', { name: 'Enable desktop notifications' }).click();
  const told = page.getByTestId('toast').filter({ hasText: 'You did not allow desktop notifications' });
  await expect(told).toBeVisible();
  await expect(told).toContainText('set Notifications to Allow for this site');
  await screenshot(page, 'notifications-refused-toast');

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('settings-menu').getByRole('button', { name: 'Notification Setting' }).click();
  const settings = page.getByTestId('notification-settings');
  await expect(settings.getByTestId('notification-permission')).toHaveText('This browser blocks desktop notifications.');
  await expect(settings.getByTestId('notification-how-to-allow')).toContainText('set Notifications to Allow for this site');
  // The seed's settings that decide which messages notify: the mention notification and Do Not Disturb.
  const mention = settings.getByRole('checkbox', { name: 'Show notification when mentioned' });
  await expect(mention).toBeVisible();
  const before = await mention.isChecked();
  await mention.click();
  await expect(mention).toBeChecked({ checked: !before });
  await expect.poll(async () => ok(await me.api.getAccountPrivacy({})).isShowNotiAtMention ?? false).toBe(!before);
  await expect(settings.getByTestId('notification-dnd-state')).toHaveText('Do Not Disturb is off');
  await screenshot(page, 'settings-notification-refused');
  await settings.getByRole('button', { name: 'Change Do Not Disturb' }).click();
  await expect(page.getByTestId('dnd-settings')).toBeVisible();
});
