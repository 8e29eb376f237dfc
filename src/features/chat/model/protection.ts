// What the room's policy and the variant say about protecting a room's messages: watermarks over the messages and
// the media (SHOW_MSG_WATERMARK, SHOW_MEDIA_WATERMARK, on only where the policy entry says 1), and copying, which a
// browser can only do to the system clipboard, so either ALLOW_COPY or ALLOW_INAPP_COPY forbidding it blocks it.
import type { Room } from '@generated/types/index';
import { IS_SHOW_MEDIA_WATERMARK, IS_SHOW_MESSAGE_WATERMARK } from '@variant/flags';
import { policyEntry, roomAllows } from '../../roomlist/index.ts';

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
