// Accessibility of a group's info and the pages it links to (CSD, as the group's admin): chat info, room policy,
// audit info, room events, members in Do Not Disturb, email room info and email group, each checked with axe-core.
import { ok, person } from '../support/people.ts';
import { openRoomAs } from './support/room-helpers.ts';
import { axeViolations, expect, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

test("a group's info and every page it links to have no serious or critical axe violation", async ({ openPage }) => {
  test.setTimeout(180_000);
  const admin = await person(csd.server, 'axe.admin', 'Ada Axe');
  const member = await person(csd.server, 'axe.member', 'Max Axe');
  ok(await admin.api.createMultipleRoom({ roomName: 'Axe Ward', memberIds: [String(member.id)] }));
  const page = await openPage();
  await openRoomAs(page, csd.url, admin, 'Axe Ward');
  await page.getByRole('button', { name: 'Chat info' }).click();
  const info = page.getByTestId('panel-page-chatroominfo');
  await expect(info).toContainText('Max Axe');
  const found: Record<string, { id: string; impact: string | null; nodes: number }[]> = {};
  const check = async (name: string) => {
    const violations = await axeViolations(page);
    if (violations.length > 0) found[name] = violations;
  };
  await check('Chat info');
  for (const link of ['Room policy', 'Audit info', 'Room events', 'Members in Do Not Disturb', 'Email room info', 'Email group']) {
    await info.getByRole('button', { name: link, exact: true }).click();
    await expect(page.locator('[data-testid^="panel-page-"]').last()).toBeVisible();
    await check(link);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(info).toBeVisible();
  }
  await screenshot(page, 'axe-roominfo');
  expect(found).toEqual({});
});
