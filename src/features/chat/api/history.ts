// A room's history taken out of the chat: the whole chat as a transcript (exportroommessages), chosen messages
// with their files (exportmessagesandfiles), and archives (archiveallaesmessages / archiveaesmessagesbeforedays,
// finished in the background and announced by MESSAGE_ARCHIVED, then downloadarchivedmessage). The server gives
// what it stores, ciphertext; the client decrypts it with the room keys and hands the person readable files.
import type { TFunction } from 'i18next';
import {
  archiveAesMessagesBeforeDays,
  archiveAllAesMessages,
  downloadArchivedMessage,
  exportMessagesAndFiles,
  exportRoomMessages,
  getCompletedArchivedMessagesQuery,
  messagesKeys,
} from '@generated/api/messages';
import type { ApiResult } from '@generated/api/runtime';
import type { ArchivedMessage, Message } from '@generated/types/index';
import { decryptFileContent, decryptIncomingList, nonEmpty } from '../../../core/index.ts';
import { saveFile } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import type { ChatMessage } from './data.ts';
import { messageSummary } from '../components/summary.ts';
import { kindPreview } from '../../../domain/messagePreview.ts';
import { systemLineText } from '../../../domain/systemLine.ts';
import { attachmentEntry, oldestFirst, readServerBundle, safeFileName, stamp, transcriptText, type TranscriptLine } from '../model/transcript.ts';

async function decrypted(messages: readonly Message[]): Promise<ChatMessage[]> {
  return (await decryptIncomingList(messages, chatServices().keys)) as unknown as ChatMessage[];
}

/** One transcript line: the text, or the kind and what it is about ('Image: scan.png'). */
function lineOf(message: ChatMessage, t: TFunction, file?: string): TranscriptLine {
  const sender = message.messageType === 'SYSTEM' ? t('history.system') : (message.messageUsername ?? '');
  const plain = message.messageType === 'TEXT' || message.messageType === 'URL' || message.messageType === 'SYSTEM';
  const text = message.failure
    ? t(message.failure.key, { id: message.failure.id })
    : message.messageType === 'SYSTEM'
      ? systemLineText(message, t, chatServices().accountId)
      : message.messageStatus === 'ALL_DELETED' || plain
      ? messageSummary(message, t)
      : kindPreview(message, t);
  return { ...(message.messageCreateDate !== undefined ? { at: message.messageCreateDate } : {}), sender, text, ...(file ? { file } : {}) };
}

function headOf(title: string, t: TFunction) {
  return { title, subtitle: t('history.exportedAt', { date: stamp(Date.now()) }) };
}

/** The whole chat as a text transcript, saved at once; the server's answer is passed on for the caller's toast. */
export async function exportRoomTranscript(roomId: string, t: TFunction): Promise<ApiResult<unknown>> {
  const result = await exportRoomMessages(chatServices().transport, { roomId });
  if (!result.ok) return result;
  const messages = oldestFirst(await decrypted(result.data.messages));
  const text = transcriptText(headOf(result.data.roomName, t), messages.map((message) => lineOf(message, t)));
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), `${safeFileName(result.data.roomName)}-chat.txt`);
  return result;
}

/**
 * A server bundle (zip of the stored messages and attachment ciphertexts) made readable: transcript.txt and each
 * attachment decrypted under files/. An attachment that cannot be decrypted is left out and its line says so.
 */
export async function readableBundle(zipBytes: Uint8Array, fallbackTitle: string, t: TFunction): Promise<Blob> {
  const { unzipSync, zipSync, strToU8 } = await import('fflate');
  const entries = unzipSync(zipBytes);
  const bundle = readServerBundle<Message>(entries);
  if (!bundle) throw new Error('not an export bundle');
  const messages = oldestFirst(await decrypted(bundle.messages));
  const out: Record<string, Uint8Array> = {};
  const lines: TranscriptLine[] = [];
  for (const message of messages) {
    const stored = bundle.attachments[message.messageId];
    const cipher = stored ? entries[stored] : undefined;
    let file: string | undefined;
    if (cipher && message.messageKeyUuid && message.messageStatus !== 'ALL_DELETED') {
      try {
        const entry = attachmentEntry(message.messageId, message.aesMessageFilename);
        out[entry] = await decryptFileContent(new TextDecoder().decode(cipher).trim(), message.messageKeyUuid, chatServices().keys);
        file = entry;
      } catch {
        file = t('history.fileFailed');
      }
    }
    lines.push(lineOf(message, t, file));
  }
  out['transcript.txt'] = strToU8(transcriptText(headOf(bundle.roomName ?? fallbackTitle, t), lines));
  return new Blob([zipSync(out) as BlobPart], { type: 'application/zip' });
}

/** Chosen messages of a room with their files, as one readable zip; null (nothing saved) when none are chosen. */
export async function exportSelectedMessages(roomId: string, messageIds: readonly string[], roomName: string, t: TFunction): Promise<ApiResult<unknown> | null> {
  const ids = nonEmpty(messageIds);
  if (!ids) return null;
  const result = await exportMessagesAndFiles(chatServices().transport, { roomId, messageIds: ids });
  if (!result.ok) return result;
  const zip = await readableBundle(new Uint8Array(await result.data.blob.arrayBuffer()), roomName, t);
  saveFile(zip, `${safeFileName(roomName)}-messages.zip`);
  return result;
}

export type ArchiveRange = { beforeDays: number | null; withStarredMessage: boolean; withEmail: boolean };

/** Queues an archive of the room; MESSAGE_ARCHIVED says when it is ready (and CUSTOM_NOTIFICATION how its mail went). */
export function queueArchive(roomId: string, range: ArchiveRange): Promise<ApiResult<unknown>> {
  const { transport } = chatServices();
  const body = { roomId, withEmail: range.withEmail, withStarredMessage: range.withStarredMessage };
  return range.beforeDays === null ? archiveAllAesMessages(transport, body) : archiveAesMessagesBeforeDays(transport, { ...body, beforeDays: range.beforeDays });
}

export const archivesQuery = () => getCompletedArchivedMessagesQuery(chatServices().transport, {});
export const archivesKey = () => messagesKeys.getCompletedArchivedMessages({});

/** A finished archive, downloaded and made readable. */
export async function downloadArchive(archive: ArchivedMessage, t: TFunction): Promise<ApiResult<unknown>> {
  const result = await downloadArchivedMessage(chatServices().transport, { id: archive.id, messageKeyUuid: archive.messageKeyUuid ?? '' });
  if (!result.ok) return result;
  const title = archive.roomName ?? '';
  const zip = await readableBundle(new Uint8Array(await result.data.blob.arrayBuffer()), title, t);
  saveFile(zip, `${safeFileName(title)}-archive-${stamp(archive.date).replace(/[/: ]/g, '')}.zip`);
  return result;
}
