import { describe, expect, it } from 'vitest';
import type { Room, RoomPolicyEntry } from '@generated/types/index';
import { messagePolicyOf, protectionOf, recallDeadline } from './protection.ts';

const room = (policy: Partial<RoomPolicyEntry>[]): Room => ({ roomId: '1', roomType: 'MULTIPLE', isMember: true, isAdmin: false, policy } as unknown as Room);
const on = { message: true, media: true };

describe('room protection', () => {
  it('shows watermarks only where the policy switches them on and the variant has them', () => {
    const marked = room([{ attr: 'SHOW_MSG_WATERMARK', type: 'BOOLEAN', value: 1 }, { attr: 'SHOW_MEDIA_WATERMARK', type: 'BOOLEAN', value: 0 }]);
    expect(protectionOf(marked, [], on)).toMatchObject({ messageWatermark: true, mediaWatermark: false });
    expect(protectionOf(marked, [], { message: false, media: true }).messageWatermark).toBe(false);
    expect(protectionOf(room([]), [], on)).toMatchObject({ messageWatermark: false, mediaWatermark: false });
  });

  it('blocks copying when either copy policy forbids it for the member', () => {
    expect(protectionOf(room([]), [], on).copyAllowed).toBe(true);
    expect(protectionOf(room([{ attr: 'ALLOW_COPY', type: 'MEMBER_ROLE', value: 0 }]), [], on).copyAllowed).toBe(false);
    expect(protectionOf(room([{ attr: 'ALLOW_INAPP_COPY', type: 'MEMBER_ROLE', value: 2 }]), [], on).copyAllowed).toBe(false);
    expect(protectionOf({ ...room([{ attr: 'ALLOW_INAPP_COPY', type: 'MEMBER_ROLE', value: 2 }]), isAdmin: true }, [], on).copyAllowed).toBe(true);
  });

  it('reads what the member may do with messages, original downloads on their own policy', () => {
    expect(messagePolicyOf(room([]), [])).toEqual({ star: true, recall: true, recallSeconds: 0, download: true, original: true });
    const noOriginal = room([{ attr: 'ALLOW_DOWN_ORIG_MSG', type: 'MEMBER_ROLE', value: 0 }, { attr: 'ALLOW_STAR_MSG', type: 'MEMBER_ROLE', value: 2 }]);
    expect(messagePolicyOf(noOriginal, [])).toEqual({ star: false, recall: true, recallSeconds: 0, download: true, original: false });
    expect(messagePolicyOf({ ...noOriginal, isAdmin: true }, []).star).toBe(true);
  });

  it('reads the recall window of RECALL_MESSAGE_TIME in seconds, 0 or a bad value being no limit', () => {
    expect(messagePolicyOf(room([{ attr: 'RECALL_MESSAGE_TIME', type: 'NUMBER', value: 600 }]), []).recallSeconds).toBe(600);
    expect(messagePolicyOf(room([{ attr: 'RECALL_MESSAGE_TIME', type: 'NUMBER', value: 0 }]), []).recallSeconds).toBe(0);
    expect(messagePolicyOf(room([{ attr: 'RECALL_MESSAGE_TIME', type: 'NUMBER', value: -5 }]), []).recallSeconds).toBe(0);
  });

  it('closes the recall window the limit after sending; no limit never closes it', () => {
    expect(recallDeadline(1_000, 600)).toBe(601_000);
    expect(recallDeadline(1_000, 0)).toBeNull();
    expect(recallDeadline(undefined, 0)).toBeNull();
    expect(recallDeadline(undefined, 600)).toBe(0);
  });
});
