// What the CSD client offers follows what the server says this account may do and can answer: 'Create broadcast'
// only to delegates and those who may act for one (the others found it led to 'No Record Found'), and the
// provider-backed services only when the server has a provider (else each only said 'This service is not available').
import type { Page } from '@playwright/test';
import { delegateStore } from '../../server/store/repos/delegates.ts';
import { person, type Person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';
import { openRoomAs, pairInChat, sendTexts } from './support/room-helpers.ts';

const csd = serveVariant('CSD');

async function signedIn(page: Page, who: Person): Promise<void> {
  await login(page, csd.url, who.loginName, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  // The session is restored (keys, profile, room list) before the header's buttons show: slow on a busy machine.
  await expect(page.getByRole('button', { name: 'New chat' })).toBeVisible({ timeout: 30_000 });
}

test("'Create broadcast' is offered only to delegates and their actors", async ({ openPage }) => {
  const chief = await person(csd.server, 'offer.chief', 'Chief Offer');
  const deputy = await person(csd.server, 'offer.deputy', 'Deputy Offer');
  const nurse = await person(csd.server, 'offer.nurse', 'Nurse Offer');
  const db = csd.server.app.ctx.db;
  await delegateStore(db).set(chief.id, 'ALL');
  await delegateStore(db).addActor(chief.id, deputy.id);

  const nurses = await openPage();
  await signedIn(nurses, nurse);
  // No broadcast entry in the header or among 'New chat''s kinds.
  await expect(nurses.getByRole('button', { name: 'Create broadcast' })).toHaveCount(0);
  await nurses.getByRole('button', { name: 'New chat' }).click();
  const kinds = nurses.getByRole('list', { name: 'What to start' });
  await expect(kinds.getByRole('button', { name: 'Group', exact: true })).toBeVisible();
  await expect(kinds.getByRole('button', { name: 'Create broadcast' })).toHaveCount(0);
  await screenshot(nurses, 'offers-no-broadcast');

  for (const who of [chief, deputy]) {
    const page = await openPage();
    await signedIn(page, who);
    await page.getByRole('button', { name: 'Create broadcast' }).click();
    await expect(page.getByTestId('panel-page-createbroadcast').getByRole('button', { name: 'Send broadcast' })).toBeVisible();
    if (who === deputy) await screenshot(page, 'offers-broadcast-actor');
  }
});

test('without a provider, Translate, Read aloud and the AI helper are not offered', async ({ openPage }) => {
  // This server has no PROVIDER_URL (services.e2e.ts runs them against one).
  const { me, other, roomId } = await pairInChat(csd.server, ['offer.reader', 'Reader Offer'], ['offer.writer', 'Writer Offer']);
  await sendTexts(other, roomId, ['see you at the ward round']);
  const page = await openPage();
  await openRoomAs(page, csd.url, me, 'Writer Offer');
  const message = page.getByTestId('message').filter({ hasText: 'see you at the ward round' });
  await message.hover();
  await expect(message.getByRole('button', { name: 'Forward' })).toBeVisible();
  await expect(message.getByRole('button', { name: 'Translate' })).toHaveCount(0);
  await expect(message.getByRole('button', { name: 'Read aloud' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'AI helper' })).toHaveCount(0);
  await screenshot(page, 'offers-no-provider');
});
