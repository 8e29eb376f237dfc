// One line of text for a message shown out of its bubble (a quote, a list row): its text, file name, poll
// topic, a structured kind's summary, or else its kind; safe to show as text.
import type { TFunction } from 'i18next';
import { clampCombiningMarks, plainFileName } from '../../../core/messages/text.ts';
import type { Message } from '@generated/types/index';
import type { ChatMessage } from '../api/data.ts';
import { kindSummary } from '../model/kinds.ts';

export function messageSummary(message: ChatMessage, t: TFunction): string {
  if (message.messageStatus === 'ALL_DELETED') return t('chat.recalled');
  if (message.aesMessageFilename) return plainFileName(message.aesMessageFilename);
  if (message.messagePolling) return message.messagePolling.topic;
  const summary = kindSummary(message.messageType, message.text);
  return summary !== null ? clampCombiningMarks(summary) : t(`messages.kind.${message.messageType}`);
}

/** What a room-list preview needs of a message (the decrypted last message). */
export type PreviewMessage = Pick<Message, 'messageType' | 'aesMessageFilename' | 'messagePolling'> & { text?: string };

/**
 * The room-list preview of a kind other than text, image, file and system: its kind, and what it is about where it
 * says ('Location: Queen Mary Hospital', 'Poll: Team lunch?', 'Video: round.webm'); 'This message type is not
 * supported' for a kind the client does not know.
 */
export function kindPreview(message: PreviewMessage, t: TFunction): string {
  const kind = t(`messages.kind.${message.messageType}`, { defaultValue: t('errors.typeNotSupported') });
  const about = message.messagePolling?.topic ?? (message.aesMessageFilename ? plainFileName(message.aesMessageFilename) : kindSummary(message.messageType, message.text));
  return about ? t('messages.previewWithKind', { kind, about: clampCombiningMarks(about) }) : kind;
}
