// Sends waiting in the outbox: kept (IndexedDB) from the moment they are typed until the server has them, shown as
// pending in their room, sent in the order they were typed whenever the socket is live. Pure parts.
import type { MessageFileMetadata } from '@generated/types/index';
import type { ChatMessage, OutgoingMessage } from '../api/data.ts';

export type OutboxStatus = 'pending' | 'sending' | 'failed';

export interface OutboxEntry {
  localId: string;
  accountId: string;
  roomId: string;
  /** When it was typed (ms); with `seq`, the sending order. */
  createdAt: number;
  seq: number;
  status: OutboxStatus;
  type: OutgoingMessage['type'];
  text?: string;
  file?: Blob;
  fileName?: string;
  fileMetadata?: MessageFileMetadata;
  mentionIds?: string[];
  replyToMessageId?: string;
  langId?: OutgoingMessage['langId'];
  senderName: string;
  /** What the send carries as its checksum: the server's copy (arriving over the socket first) replaces the entry. */
  checksum?: string;
}

/** Typed order, whatever order the store returns them in. */
export function sendOrder(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return [...entries].sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
}

/** The next entry to send: the oldest still pending (a failed one waits for Resend, the rest go on). */
export function nextToSend(entries: readonly OutboxEntry[]): OutboxEntry | undefined {
  return sendOrder(entries).find((entry) => entry.status === 'pending');
}

export function outgoingOf(entry: OutboxEntry): OutgoingMessage {
  return {
    roomId: entry.roomId,
    type: entry.type,
    ...(entry.text !== undefined ? { text: entry.text } : {}),
    ...(entry.file ? { file: new File([entry.file], entry.fileName ?? 'file', { type: entry.file.type }) } : {}),
    ...(entry.fileMetadata ? { fileMetadata: entry.fileMetadata } : {}),
    ...(entry.mentionIds ? { mentionIds: entry.mentionIds } : {}),
    ...(entry.replyToMessageId ? { replyToMessageId: entry.replyToMessageId } : {}),
    ...(entry.langId ? { langId: entry.langId } : {}),
  };
}

/**
 * How the entry shows in its room: after the server's messages, pending (clock; 'will retry' after a try that did
 * not reach the server) or failed (Resend).
 */
export function entryAsMessage(entry: OutboxEntry, fileBytes?: ChatMessage['fileBytes'], uploadProgress?: number, retries?: number): ChatMessage {
  return {
    roomId: entry.roomId,
    messageId: entry.localId,
    messageType: entry.type,
    messageStatus: entry.status === 'failed' ? 'SEND_FAILED' : 'PENDING_SEND',
    messageCreateDate: entry.createdAt,
    messageUserId: entry.accountId,
    messageUsername: entry.senderName,
    isSendFromYou: true,
    ...(entry.text !== undefined ? { text: entry.text } : {}),
    ...(entry.fileName !== undefined ? { aesMessageFilename: entry.fileName } : {}),
    ...(entry.file ? { aesMessageFilesize: entry.file.size } : {}),
    ...(entry.fileMetadata ? { fileMetadata: entry.fileMetadata } : {}),
    ...(fileBytes ? { fileBytes } : {}),
    ...(uploadProgress !== undefined ? { uploadProgress } : {}),
    ...(entry.status !== 'failed' && retries !== undefined && retries > 0 ? { sendRetrying: true } : {}),
  };
}

/** Entries whose server copy is not in the window yet (the socket often brings it before the send answers). */
export function notYetShown(entries: readonly OutboxEntry[], shownChecksums: ReadonlySet<string>): OutboxEntry[] {
  return entries.filter((entry) => entry.checksum === undefined || !shownChecksums.has(entry.checksum));
}
