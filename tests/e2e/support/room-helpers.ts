// What the chat browser tests do beside the browser: another member (a client of their own, straight to the
// server) sends texts and files, and reading every bubble of the open room's virtualised list.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { encryptAes } from '../../../server/crypto/aes.ts';
import { encryptText, person, roomKey, type Person } from '../../support/people.ts';
import { TEST_PASSWORD, type TestServer } from '../../support/test-server.ts';
import { expect, login } from '../fixtures.ts';

/** The person sends texts to the room, one after the other (their order is the room's order). */
export async function sendTexts(who: Person, roomId: string, texts: readonly string[]): Promise<string[]> {
  const key = await roomKey(who, roomId);
  const ids: string[] = [];
  for (const text of texts) {
    const result = await who.api.sendAesMessage({
      roomId,
      messageKeyUuid: key.messageKeyUuid,
      type: 'TEXT',
      checksum: randomUUID(),
      aesMessage: encryptText(key, text),
    });
    if (!result.ok) throw new Error(`${who.loginName} could not send: ${JSON.stringify(result.errMsgList)}`);
    ids.push(String(result.data.message?.messageId ?? ''));
  }
  return ids;
}

/** The person sends a file as the client does: content and metadata encrypted, the name as given. */
export async function sendFile(who: Person, roomId: string, name: string, bytes: Uint8Array, mimeType: string): Promise<void> {
  const key = await roomKey(who, roomId);
  const result = await who.api.sendAesMessage({
    roomId,
    messageKeyUuid: key.messageKeyUuid,
    type: 'FILE',
    checksum: randomUUID(),
    aesMessageFile: encryptAes(key, bytes),
    aesMessageFilename: name,
    aesMessageFileMetadata: encryptText(key, JSON.stringify({ mimeType, size: bytes.length })),
  });
  if (!result.ok) throw new Error(`${who.loginName} could not send a file: ${JSON.stringify(result.errMsgList)}`);
}

/** The text of every bubble of the open room's (virtualised) list, read by scrolling it from the bottom to the top. */
export async function roomTexts(page: Page): Promise<string[]> {
  const list = page.getByTestId('message-list');
  const seen = new Set<string>();
  for (let step = 0; step < 200; step += 1) {
    for (const text of await page.getByTestId('message').allInnerTexts()) seen.add(text);
    const atTop = await list.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop = Math.max(0, before - element.clientHeight / 2);
      return before === 0;
    });
    if (atTop) break;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  return [...seen];
}

/** Two new members with a single chat between them, the second made by `other` (each test its own). */
export async function pairInChat(server: TestServer, me: [string, string], other: [string, string]): Promise<{ me: Person; other: Person; roomId: string }> {
  const mine = await person(server, me[0], me[1]);
  const theirs = await person(server, other[0], other[1]);
  const created = await theirs.api.createSingleRoom({ memberId: String(mine.id) });
  if (!created.ok) throw new Error('could not open the chat');
  return { me: mine, other: theirs, roomId: String(created.data.roomId) };
}

/** The room list's row titled `roomName` (not one whose preview names it, as a system line does). */
export const roomRow = (page: Page, roomName: string): Locator =>
  page.getByTestId('room-row').filter({ has: page.getByTestId('room-name').filter({ hasText: roomName }) });

/** Signs in and opens the chat whose row is titled `roomName`. */
export async function openRoomAs(page: Page, baseUrl: string, who: Person, roomName: string): Promise<void> {
  await login(page, baseUrl, who.loginName, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/chatroom$/);
  await roomRow(page, roomName).click();
  await expect(page.getByTestId('chat-title')).toContainText(roomName);
}

/**
 * The chat header's action that it folds into its "More actions" menu at 1366 px (docs/client-ui.md, "Chat
 * header"): opens the menu and returns the item.
 */
export async function moreAction(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'More actions' }).click();
  return page.getByRole('menu', { name: 'More actions' }).getByRole('menuitem', { name });
}
