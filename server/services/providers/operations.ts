// The provider-backed calls: what each checks (membership, policy, message kind), what it hands the
// provider, and what it keeps. The server never decrypts message content itself: the provider receives
// the client's ciphertext with the message's AES key record and answers in clear; a transcript is
// encrypted again with the message's key before it is stored or returned.
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { encryptAesText, type AesKeyRecord } from '../../crypto/aes.ts';
import { ApiError } from '../../http/api-error.ts';
import type { StoredMessage } from '../../store/repos/index.ts';
import { parseId } from '../../http/wire-ids.ts';
import { requireMember, requirePolicy } from '../room-access.ts';
import { providerOf } from './http.ts';
import type { SealedContent } from './provider.ts';
import { saveTranslationRow } from '../../store/repos/translations.ts';

type Caller = { accountId: number; roles: readonly string[] };

async function callerLang(ctx: ServerContext, caller: Caller): Promise<string> {
  return (await ctx.repos.accounts.findById(caller.accountId))?.langId ?? 'en_US';
}

/** A live message of a room the caller is in. */
async function readableMessage(ctx: ServerContext, caller: Caller, messageId: string, roomId?: number): Promise<StoredMessage> {
  const message = await ctx.repos.messages.findById(parseId(messageId, 'messageId'));
  if (!message || (roomId !== undefined && message.roomId !== roomId)) throw new ApiError('MESSAGE_NOT_FOUND');
  await requireMember(ctx, message.roomId, caller.accountId);
  if (message.status === 'ALL_DELETED' || (message.expiresAt && message.expiresAt <= ctx.now())) throw new ApiError('MESSAGE_NOT_FOUND');
  return message;
}

async function keyOf(ctx: ServerContext, message: StoredMessage): Promise<AesKeyRecord> {
  const [key] = message.messageKeyUuid ? await ctx.repos.keys.findByUuids([message.messageKeyUuid]) : [];
  if (!key) throw new ApiError('DECRYPT_FAILED', `message ${message.id} has no key record`);
  return { messageKeyUuid: key.messageKeyUuid, aesKey: key.aesKey, algorithm: key.algorithm };
}

async function voiceContent(ctx: ServerContext, message: StoredMessage): Promise<SealedContent & { filename: string | null; contentType: string | null }> {
  if (message.messageType !== 'VOICE') throw new ApiError('MESSAGE_TYPE_UNSUPPORTED', 'only a VOICE message has speech to recognise');
  const blob = message.aesMessageFileRef === null ? null : await ctx.repos.blobs.findById(message.aesMessageFileRef);
  if (!blob) throw new ApiError('MESSAGE_NOT_FOUND', 'the voice message has no audio');
  return {
    // the blob holds the base64 ciphertext text the client sent (server/services/messages/send.ts)
    ciphertext: (await ctx.blobs.read(blob.path)).toString('utf8'),
    key: await keyOf(ctx, message),
    filename: message.aesMessageFilename,
    contentType: message.aesMessageFileType,
  };
}

export async function operateMessage(ctx: ServerContext, caller: Caller, body: T.OperateMessageRequest): Promise<T.AiPromptResponse> {
  const provider = providerOf(ctx.config);
  return provider.operateMessage({ promptAppId: body.promptAppId, inputText: body.inputText, langId: await callerLang(ctx, caller) });
}

// Each call checks who may read the message before it asks whether a provider is configured: someone outside the
// room learns nothing, not even whether the deployment has a provider (the authorisation matrix test).
export async function speak(ctx: ServerContext, caller: Caller, messageId: string): Promise<T.VoiceResponse> {
  const message = await readableMessage(ctx, caller, messageId);
  const provider = providerOf(ctx.config);
  if (!message.aesMessage) throw new ApiError('MESSAGE_TYPE_UNSUPPORTED', 'the message has no text to speak');
  const { voice } = await provider.speak({
    messageId: String(message.id),
    langId: await callerLang(ctx, caller),
    text: { ciphertext: message.aesMessage, key: await keyOf(ctx, message) },
  });
  return { voice };
}

/** The transcript, encrypted with the message's own key (the client decrypts it like the message). */
async function transcribe(ctx: ServerContext, caller: Caller, message: StoredMessage): Promise<T.VoiceToTextResponse & { plain: string }> {
  const provider = providerOf(ctx.config);
  const audio = await voiceContent(ctx, message);
  const { text } = await provider.recognizeVoice({ messageId: String(message.id), langId: await callerLang(ctx, caller), audio });
  return {
    roomId: String(message.roomId),
    messageId: String(message.id),
    messageKeyUuid: audio.key.messageKeyUuid,
    voiceToTextMessage: encryptAesText(audio.key, text),
    plain: text,
  };
}

/** voice/recognize: the transcript for the caller only; nothing is stored. */
export async function recognizeVoice(ctx: ServerContext, caller: Caller, messageId: string): Promise<T.VoiceToTextResponse> {
  const message = await readableMessage(ctx, caller, messageId);
  providerOf(ctx.config);
  const { plain: _plain, ...result } = await transcribe(ctx, caller, message);
  return result;
}

/** voicetotextmessage: ALLOW_VOICE_TO_TEXT; the encrypted transcript is kept on the message for every member. */
export async function voiceToTextMessage(ctx: ServerContext, caller: Caller, body: T.VoiceToTextMessageRequest): Promise<T.VoiceToTextResponse> {
  const roomId = parseId(body.roomId, 'roomId');
  await requirePolicy(ctx, roomId, caller, 'ALLOW_VOICE_TO_TEXT');
  const message = await readableMessage(ctx, caller, body.messageId, roomId);
  providerOf(ctx.config);
  const { plain: _plain, ...result } = await transcribe(ctx, caller, message);
  await ctx.repos.messages.setVoiceToText(message.id, result.voiceToTextMessage);
  return result;
}

export async function recognizeImage(ctx: ServerContext, body: T.RecognizeImagesRequest): Promise<T.ImageRecognition> {
  return providerOf(ctx.config).recognizeImage({ imageBase64: body.imageBase64 });
}

/** savetranslation: the provider takes it first; the translation is kept only once it has. */
export async function saveTranslation(ctx: ServerContext, caller: Caller, body: T.SaveTranslationRequest): Promise<void> {
  const roomId = parseId(body.roomId, 'roomId');
  const message = await readableMessage(ctx, caller, body.messageId, roomId);
  const provider = providerOf(ctx.config);
  await provider.saveTranslation({ messageId: String(message.id), roomId: String(roomId), langId: body.langId, value: body.value, checksum: body.checksum });
  await saveTranslationRow(ctx.db, { messageId: message.id, accountId: caller.accountId, langId: body.langId, value: body.value, checksum: body.checksum });
}
