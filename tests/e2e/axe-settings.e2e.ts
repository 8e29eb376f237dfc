// Accessibility of the settings pages (CSD): each page the settings menu opens is checked with axe-core, and none has
// a serious or critical violation.
import { person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { axeViolations, expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

test('every settings page has no serious or critical axe violation', async ({ openPage }) => {
  test.setTimeout(180_000);
  const me = await person(csd.server, 'axe.settings', 'Axel Settings');
  const page = await openPage();
  await login(page, csd.url, me.loginName, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Settings' }).click();
  const menu = page.getByTestId('settings-menu');
  const entries = await menu.getByRole('button').allTextContents();
  expect(entries.length).toBeGreaterThan(10);
  const found: Record<string, { id: string; impact: string | null; nodes: number }[]> = {};
  for (const entry of entries.filter((name) => name !== 'Logout All Other Sessions')) {
    await menu.getByRole('button', { name: entry, exact: true }).click();
    await expect(page.locator('[data-testid^="panel-page-"]').last()).toBeVisible();
    await expect(page.locator('[data-testid^="panel-page-"]').last().getByRole('progressbar')).toHaveCount(0);
    const violations = await axeViolations(page);
    if (violations.length > 0) found[entry] = violations;
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(menu).toBeVisible();
  }
  await screenshot(page, 'axe-settings-menu');
  expect(found).toEqual({});
});
