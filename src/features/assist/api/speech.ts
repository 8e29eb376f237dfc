// voice/speak: the provider reads a text message aloud (IS_ALLOW_TEXT_TO_SPEECH).
import { speakVoice } from '@generated/api/services';
import type { LangId } from '@generated/types/index';
import { errorMessage } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { audioBlob } from '../model/speech.ts';

export type SpeechResult = { ok: true; audio: Blob } | { ok: false; message: string | null };

/** The message's audio; on a refusal the server's own text ('This service is not available' without a provider). */
export async function speakMessage(messageId: string, langId: LangId): Promise<SpeechResult> {
  const result = await speakVoice(chatServices().transport, { messageId });
  if (!result.ok) return { ok: false, message: errorMessage(result.errMsgList, langId) ?? null };
  const audio = audioBlob(result.data.voice);
  return audio ? { ok: true, audio } : { ok: false, message: null };
}
