// The chat's calls: message pages decrypted by the core, sends encrypted with the room key, marks and actions.
import { bindCalls } from '../../../core/index.ts';
import { sendAesMessage, deleteAesMessages, deleteForMeAesMessages, downloadAesFile, downloadOriginalAesFile, forwardAesMessages, markNotifiedAesMessages, markReadAesMessages, starAesMessages, unstarAesMessages } from '@generated/api/messages';
import { useQuery } from '@tanstack/react-query';
import { unwrap, type ApiResult } from '@generated/api/runtime';
import { getRoomAccountsQuery } from '@generated/api/index';
import { chatbotSendMcMessageAnswer } from '@generated/api/services';
import type { Account, LangId, Message, MessageFileMetadata, PollingCreate } from '@generated/types/index';
import { decryptFileContent, decryptIncomingList, nonEmpty, sendEncryptedMessage, type DecryptedMessage } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';

/** A decrypted message as the chat shows it (the core's DecryptedMessage with its field types kept). */
export type ChatMessage = Omit<Message, 'replyToMessage'> &
  Pick<DecryptedMessage, 'text' | 'fileMetadata' | 'urlMetadata' | 'fileBytes' | 'failure' | 'metadataFailure'> & {
    replyToMessage?: ChatMessage;
    /** 0..1 while a file message is being sent. */
    uploadProgress?: number;
    /** A pending send whose last try did not reach the server: it will be tried again. */
    sendRetrying?: boolean;
  };

export async function decryptAll(messages: readonly Message[]): Promise<ChatMessage[]> {
  return (await decryptIncomingList(messages, chatServices().keys)) as unknown as ChatMessage[];
}

const noMembers: Account[] = [];
const accountsOf = (data: { accounts: Account[] }): Account[] => data.accounts;

/** The members of a room (getRoomAccounts); empty while loading or after a failure. */
export function useRoomMembers(roomId: string): Account[] {
  const members = useQuery({ ...getRoomAccountsQuery(chatServices().transport, { roomId }), select: accountsOf });
  return members.data ?? noMembers;
}

/** The checksum a send carries, from the room and the local id only: the server's copy shows it as messageChecksum. */
export const sendChecksum = (roomId: string, localId: string): Promise<string> => checksumOf([roomId, localId]);

async function checksumOf(parts: string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000')));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface OutgoingMessage {
  roomId: string;
  type: 'TEXT' | 'IMAGE' | 'FILE' | 'VIDEO' | 'VOICE' | 'LOCATION' | 'CONTACT';
  text?: string;
  file?: File;
  fileMetadata?: MessageFileMetadata;
  mentionIds?: string[];
  replyToMessageId?: string;
  langId?: LangId;
}

/** Encrypted with the room's key by the core, which also drops a recrypted room's cached key. */
export async function sendMessage(
  outgoing: OutgoingMessage,
  localId: string,
  onProgress?: (fraction: number) => void,
): Promise<ChatMessage> {
  const { transport, keys } = chatServices();
  // Derived from the local id only (never from the content), so a resend of the same message keeps its checksum.
  const checksum = await sendChecksum(outgoing.roomId, localId);
  const result = await sendEncryptedMessage(
    bindCalls(transport, { sendAesMessage }),
    keys,
    {
      roomId: outgoing.roomId,
      type: outgoing.type,
      checksum,
      ...(outgoing.langId ? { langId: outgoing.langId } : {}),
      ...(outgoing.mentionIds && outgoing.mentionIds.length > 0 ? { msgMentionAccountIds: outgoing.mentionIds } : {}),
      ...(outgoing.replyToMessageId ? { replyToMessageId: outgoing.replyToMessageId } : {}),
    },
    {
      text: outgoing.text ?? null,
      file: outgoing.file ?? null,
      filename: outgoing.file?.name ?? null,
      fileMetadata: outgoing.fileMetadata ?? null,
    },
    outgoing.file && onProgress
      ? { onUploadProgress: ({ loaded, total }) => onProgress(total ? loaded / total : 0) }
      : undefined,
  );
  const [message] = await decryptAll([unwrap('sendAesMessage', result).message as Message]);
  return message as ChatMessage;
}

// The calls below take lists of at least one message id; with none there is nothing to ask the server.

export async function markRead(roomId: string, messageIds: readonly string[]): Promise<void> {
  const ids = nonEmpty(messageIds);
  if (ids) await markReadAesMessages(chatServices().transport, { roomId, messageIds: ids });
}

export async function markNotified(roomId: string, messageIds: readonly string[]): Promise<void> {
  const ids = nonEmpty(messageIds);
  if (ids) await markNotifiedAesMessages(chatServices().transport, { roomId, messageIds: ids });
}

export async function setStarred(roomId: string, messageId: string, starred: boolean): Promise<boolean> {
  const { transport } = chatServices();
  const body = { roomId, messageIds: [messageId] satisfies [string] };
  const result = starred ? await starAesMessages(transport, body) : await unstarAesMessages(transport, body);
  return result.ok;
}

export async function deleteForMe(roomId: string, messageIds: string | readonly string[]): Promise<boolean> {
  const ids = nonEmpty(typeof messageIds === 'string' ? [messageIds] : messageIds);
  if (!ids) return true; // nothing to delete
  return (await deleteForMeAesMessages(chatServices().transport, { roomId, messageIds: ids })).ok;
}

/** Recalls one message for everyone; a refusal (the recall window has passed, the policy forbids it) keeps the server's errors. */
export async function recall(roomId: string, messageId: string): Promise<ApiResult<unknown>> {
  return deleteAesMessages(chatServices().transport, { roomId, messageIds: [messageId] });
}

/** Forwards the messages to each room in turn; answers the rooms that refused (none when there is nothing to forward). */
export async function forward(fromRoomId: string, toRoomIds: readonly string[], messageIds: readonly string[]): Promise<string[]> {
  const ids = nonEmpty(messageIds);
  if (!ids) return [];
  const refused: string[] = [];
  for (const roomId of toRoomIds) {
    const result = await forwardAesMessages(chatServices().transport, { roomId, fromRoomId, messageIds: ids }).catch(() => null);
    if (!result?.ok) refused.push(roomId);
  }
  return refused;
}

/**
 * Downloads and decrypts an attachment; the server returns the base64 ciphertext the sender stored. `original`
 * asks for the original file (downloadoriginalaesfile, its own room policy).
 */
export async function downloadFile(message: ChatMessage, preview = false, original = false): Promise<Blob> {
  const { transport, keys } = chatServices();
  const mime = message.fileMetadata?.mimeType ?? message.aesMessageFileType ?? 'application/octet-stream';
  if (message.fileBytes && !original) return new Blob([message.fileBytes as BlobPart], { type: mime });
  const ids = { roomId: message.roomId, messageId: message.messageId };
  const file = original
    ? unwrap('downloadOriginalAesFile', await downloadOriginalAesFile(transport, ids))
    : unwrap('downloadAesFile', await downloadAesFile(transport, { ...ids, isPreview: preview }));
  const text = (await file.blob.text()).trim();
  let cipher = text;
  let keyUuid = message.messageKeyUuid ?? '';
  // The JSON form (MessageFileResponse) names its own key.
  if (text.startsWith('{')) {
    const parsed = JSON.parse(text) as { aesMessageFile?: string; messageKeyUuid?: string };
    cipher = parsed.aesMessageFile ?? '';
    keyUuid = parsed.messageKeyUuid ?? keyUuid;
  }
  const bytes = await decryptFileContent(cipher, keyUuid, keys);
  return new Blob([bytes as BlobPart], { type: mime });
}

/** Width and height of an image file, for the space its thumbnail reserves. */
export function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

export type VideoMetadata = Pick<MessageFileMetadata, 'mimeType' | 'size' | 'width' | 'height' | 'duration'>;

/** Length (seconds; Infinity when the file's header has none) and size of a video file, read by the browser. */
export function videoInfo(file: File): Promise<{ duration?: number; width?: number; height?: number }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (info: { duration?: number; width?: number; height?: number }) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(info);
    };
    const timer = setTimeout(() => done({}), 10_000);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done({ duration: video.duration, ...(video.videoWidth ? { width: video.videoWidth, height: video.videoHeight } : {}) });
    video.onerror = () => done({});
    video.src = url;
  });
}

/**
 * Sends a message that needs no outbox (a poll, a sticker): nothing to upload, and the room shows it when the
 * server's NEW_MESSAGE arrives. Answers whether the server took it.
 */
export async function sendDirect(roomId: string, fields: { type: 'POLLING' | 'STICKER'; text?: string; messagePolling?: PollingCreate }): Promise<boolean> {
  const { transport, keys } = chatServices();
  const result = await sendEncryptedMessage(
    bindCalls(transport, { sendAesMessage }),
    keys,
    { roomId, type: fields.type, checksum: await sendChecksum(roomId, crypto.randomUUID()), ...(fields.messagePolling ? { messagePolling: fields.messagePolling } : {}) },
    { text: fields.text ?? null },
  );
  return result.ok;
}

/** A button of a chatbot's card (a message of the room): its label becomes the caller's message, then the next card or the answer. */
export async function answerChatbotCard(chatbotId: string, langId: LangId, value: string): Promise<boolean> {
  return (await chatbotSendMcMessageAnswer(chatServices().transport, { chatbotId, langId, value })).ok;
}
