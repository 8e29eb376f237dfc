// The room-list preview of a message of a structured kind: the room list shows it, the chat's transcript export
// writes it.
import type { TFunction } from 'i18next';
import type { Message } from '@generated/types/index';
import { clampCombiningMarks, plainFileName } from '../core/messages/text.ts';
import { kindSummary } from './messageKinds.ts';

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
