// What the chat browser tests do beside the browser: another member (a client of their own, straight to the
// server) sends texts and files, and reading every bubble of the open room's virtualised list.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { encryptAes } from '../../../server/crypto/aes.ts';
import { encryptText, roomKey, type Person } from '../../support/people.ts';

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
