import { describe, expect, it } from 'vitest';
import { initialQueue, mergeHits, requeue, takeStep, type BatchResult } from './roomsSearch.ts';

const message = (messageId: string, messageCreateDate: number) => ({ messageId, messageCreateDate });

describe('the message search across rooms', () => {
  it('reads the most recent rooms first, each once, ten at a step', () => {
    const queue = initialQueue(Array.from({ length: 12 }, (_, i) => `r${i}`).concat('r0'));
    expect(queue).toHaveLength(12);
    const { step, rest } = takeStep(queue);
    expect(step.map((c) => c.roomId)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']);
    expect(rest.map((c) => c.roomId)).toEqual(['r10', 'r11']);
  });

  it("sends a room with older messages to the end of the queue with its cursor, and drops a finished room", () => {
    const results: BatchResult<{ messageId: string }>[] = [
      { cursor: { roomId: 'a' }, hits: [], next: '41' },
      { cursor: { roomId: 'b' }, hits: [] },
      { cursor: { roomId: 'c', before: '90' }, hits: [], next: '60' },
    ];
    expect(requeue([{ roomId: 'd' }], results)).toEqual([{ roomId: 'd' }, { roomId: 'a', before: '41' }, { roomId: 'c', before: '60' }]);
  });

  it('merges hits newest first across rooms, each message once', () => {
    const first = mergeHits([], [{ cursor: { roomId: 'a' }, hits: [message('1', 100), message('3', 300)] }]);
    const merged = mergeHits(first, [
      { cursor: { roomId: 'b' }, hits: [message('2', 200)] },
      { cursor: { roomId: 'a', before: '1' }, hits: [message('3', 300)] },
    ]);
    expect(merged.map((hit) => `${hit.roomId}:${hit.message.messageId}`)).toEqual(['a:3', 'b:2', 'a:1']);
  });
});
