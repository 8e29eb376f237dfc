// What the room's policy and the variant say about protecting a room's messages: watermarks over the messages and
// the media (SHOW_MSG_WATERMARK, SHOW_MEDIA_WATERMARK, on only where the policy entry says 1), and copying, which a
// browser can only do to the system clipboard, so either ALLOW_COPY or ALLOW_INAPP_COPY forbidding it blocks it.
import type { Room } from '@generated/types/index';
import { IS_SHOW_MEDIA_WATERMARK, IS_SHOW_MESSAGE_WATERMARK } from '@variant/flags';
import { policyEntry, roomAllows } from '../../../domain/index.ts';

/** What the room's policy lets this member do with messages (ALLOW_STAR_MSG, ALLOW_RECALL_MESSAGE, ALLOW_DOWN_ATTACH, ALLOW_DOWN_ORIG_MSG). */
export interface MessagePolicy {
  star: boolean;
  recall: boolean;
  /** RECALL_MESSAGE_TIME: how many seconds after sending a message may still be recalled; 0 = no limit. */
  recallSeconds: number;
  download: boolean;
  original: boolean;
}

/** A number-limit entry's value: a missing, negative or non-finite one is no limit (the server reads it so). */
function limitOf(room: Room, attr: 'RECALL_MESSAGE_TIME'): number {
  const value = Number(policyEntry(room.policy, attr)?.value ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function messagePolicyOf(room: Room, roles: readonly string[]): MessagePolicy {
  return {
    star: roomAllows(room, 'ALLOW_STAR_MSG', roles),
    recall: roomAllows(room, 'ALLOW_RECALL_MESSAGE', roles),
    recallSeconds: limitOf(room, 'RECALL_MESSAGE_TIME'),
    download: roomAllows(room, 'ALLOW_DOWN_ATTACH', roles),
    original: roomAllows(room, 'ALLOW_DOWN_ORIG_MSG', roles),
  };
}

/**
 * Until when (epoch ms) a message sent at `sentAt` may be recalled: null when there is no limit. A message without
 * a send time has no window to measure, so the limit closes it (the server would refuse it as well).
 */
export function recallDeadline(sentAt: number | undefined, limitSeconds: number): number | null {
  if (limitSeconds <= 0) return null;
  return sentAt === undefined ? 0 : sentAt + limitSeconds * 1000;
}

export interface Protection {
  messageWatermark: boolean;
  mediaWatermark: boolean;
  copyAllowed: boolean;
}

const switchedOn = (room: Room, attr: 'SHOW_MSG_WATERMARK' | 'SHOW_MEDIA_WATERMARK') => policyEntry(room.policy, attr)?.value === 1;

export function protectionOf(room: Room, roles: readonly string[], flags = { message: IS_SHOW_MESSAGE_WATERMARK, media: IS_SHOW_MEDIA_WATERMARK }): Protection {
  return {
    messageWatermark: flags.message && switchedOn(room, 'SHOW_MSG_WATERMARK'),
    mediaWatermark: flags.media && switchedOn(room, 'SHOW_MEDIA_WATERMARK'),
    copyAllowed: roomAllows(room, 'ALLOW_COPY', roles) && roomAllows(room, 'ALLOW_INAPP_COPY', roles),
  };
}
