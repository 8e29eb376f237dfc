// The AI prompt helper and translation calls: message/operatemessage (resultText) and message/savetranslation.
import { operateMessage, saveTranslation } from '@generated/api/messages';
import type { LangId } from '@generated/types/index';
import { errorMessage } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';

export type PromptResult = { ok: true; text: string } | { ok: false; message: string | null };

/**
 * The provider's answer for one prompt app; on a refusal the server's own text ('This service is not available'
 * when no provider is configured), or null when it gave none.
 */
export async function runPrompt(promptAppId: string, inputText: string, langId: LangId): Promise<PromptResult> {
  const result = await operateMessage(chatServices().transport, { promptAppId, inputText });
  if (result.ok) return { ok: true, text: result.data.resultText };
  return { ok: false, message: errorMessage(result.errMsgList, langId) ?? null };
}

/** SHA-256 of the translated text (hex): the save's checksum, so the server keeps what the reader saw. */
async function checksumOf(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keeps the reader's translation of a message with the server (best effort: the reader already sees it). */
export async function keepTranslation(roomId: string, messageId: string, langId: LangId, value: string): Promise<void> {
  const checksum = await checksumOf(value);
  await saveTranslation(chatServices().transport, { roomId, messageId, langId, value, checksum });
}
