// The room list's one-line preview of a room's last message, in the UI's language.
import type { TFunction } from 'i18next';
import type { DecryptedMessage } from '../../../core/messages/crypto.ts';
import { clampCombiningMarks, plainFileName } from '../../../core/messages/text.ts';
import { kindPreview, systemLineText } from '../../../domain/index.ts';

/** `myAccountId`: a system line says 'You' for the reader. */
export function previewText(preview: DecryptedMessage | undefined, t: TFunction, myAccountId: string | null = null): string {
  if (!preview) return '';
  // A recalled message reads the same for its sender and the others (no blank 'You:').
  if (preview.messageStatus === 'ALL_DELETED') return t('chat.recalled');
  if (preview.failure) return t(preview.failure.key, { id: preview.failure.id });
  // The language writes the 'You:' prefix (Chinese with a full-width colon, as its 'File:' prefix).
  const mine = (text: string) => (preview.isSendFromYou ? t('roomList.fromYou', { text }) : text);
  switch (preview.messageType) {
    case 'TEXT':
      return mine(clampCombiningMarks(preview.text ?? ''));
    case 'IMAGE':
      return mine(t('roomList.image'));
    case 'FILE':
      return mine(t('roomList.file', { name: plainFileName(preview.aesMessageFilename ?? '') }));
    case 'SYSTEM':
      return preview.systemEvent || preview.text ? systemLineText(preview, t, myAccountId) : t('roomList.system');
    default:
      return mine(kindPreview(preview, t));
  }
}
