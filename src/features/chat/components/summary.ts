// One line of text for a message shown out of its bubble (a quote, a list row): its text, file name, poll
// topic, a structured kind's summary, or else its kind; safe to show as text.
import type { TFunction } from 'i18next';
import { clampCombiningMarks, plainFileName } from '../../../core/messages/text.ts';
import type { ChatMessage } from '../api/data.ts';
import { kindSummary } from '../../../domain/messageKinds.ts';

export function messageSummary(message: ChatMessage, t: TFunction): string {
  if (message.messageStatus === 'ALL_DELETED') return t('chat.recalled');
  if (message.aesMessageFilename) return plainFileName(message.aesMessageFilename);
  if (message.messagePolling) return message.messagePolling.topic;
  const summary = kindSummary(message.messageType, message.text);
  return summary !== null ? clampCombiningMarks(summary) : t(`messages.kind.${message.messageType}`);
}
