// The media text popup of the media viewer (the seed names it, nothing more): the text that goes with the picture
// or video on screen — the words sent with it, who sent it and when, and what the file is (name, real type,
// size, pixel size or length). Pure, so what it says is checked without a browser.
import { plainFileName, realExtension } from '../../../core/messages/text.ts';
import { sizeParts } from '../../../domain/index.ts';
import { plaintextSize } from './attachments.ts';
import { clock } from '../../../domain/messageKinds.ts';

export interface MediaTextSource {
  messageId: string;
  messageType?: string;
  messageUsername?: string;
  isSendFromYou?: boolean;
  messageCreateDate?: number;
  aesMessageFilename?: string;
  aesMessageFilesize?: number;
  text?: string;
  fileMetadata?: { mimeType?: string; size?: number; width?: number; height?: number; duration?: number };
}

export interface MediaText {
  /** Words sent with the media (its caption); none when the message carries only the file. */
  caption: string | null;
  name: string;
  /** The name's real extension, upper case ('PNG'), or '' without one. */
  type: string;
  size: { unit: 'bytes' | 'kb' | 'mb' | 'gb'; value: string } | null;
  dimensions: string | null;
  duration: string | null;
  sender: { you: true } | { you: false; name: string };
  sentAt: number | null;
}

export function mediaText(message: MediaTextSource): MediaText {
  const name = message.aesMessageFilename ? plainFileName(message.aesMessageFilename) : `file-${message.messageId}`;
  const bytes = plaintextSize(message);
  const meta = message.fileMetadata ?? {};
  const caption = message.text?.trim() ?? '';
  return {
    caption: caption === '' ? null : caption,
    name,
    type: realExtension(name),
    size: bytes === undefined ? null : sizeParts(bytes),
    dimensions: meta.width && meta.height ? `${meta.width} × ${meta.height}` : null,
    duration: message.messageType === 'VIDEO' && meta.duration !== undefined && Number.isFinite(meta.duration) ? clock(meta.duration) : null,
    sender: message.isSendFromYou ? { you: true } : { you: false, name: message.messageUsername ?? '' },
    sentAt: message.messageCreateDate ?? null,
  };
}
