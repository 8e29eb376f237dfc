// The CSD client's chatbot room, calls and the AI prompt helper against the reference server.
// Chatbot: the room list's chatbot list opens the caller's chatbot room with its start card; the card's buttons and
// typed questions go through the chatbot calls and the answers arrive as the room's messages, after a reload too.
import { person } from '../support/people.ts';
import { TEST_PASSWORD } from '../support/test-server.ts';
import { expect, login, screenshot, serveVariant, test } from './fixtures.ts';

const csd = serveVariant('CSD');

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
  await expect(page.getByRole('combobox', { name: 'Message' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Ask the chatbot' }).fill('menu');
  await page.getByRole('textbox', { name: 'Ask the chatbot' }).press('Enter');
  await expect(page.getByTestId('choice-card').filter({ hasText: 'Hello! How can I help you today?' })).toHaveCount(2);
});
