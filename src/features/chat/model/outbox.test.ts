import { describe, expect, it } from 'vitest';
import { entryAsMessage, nextToSend, notYetShown, outgoingOf, sendOrder, type OutboxEntry } from './outbox.ts';

const entry = (localId: string, createdAt: number, seq: number, status: OutboxEntry['status'] = 'pending'): OutboxEntry => ({
  localId,
  accountId: '7',
  roomId: '3',
  createdAt,
  seq,
  status,
  type: 'TEXT',
  text: `text ${localId}`,
  senderName: 'Alice Chan',
});

describe('outbox', () => {
  it('sends in the order typed, whatever order the store gives them, skipping failed ones', () => {
    const entries = [entry('c', 2000, 2), entry('a', 1000, 0), entry('b', 1000, 1)];
    expect(sendOrder(entries).map((e) => e.localId)).toEqual(['a', 'b', 'c']);
    expect(nextToSend(entries)?.localId).toBe('a');
    expect(nextToSend([entry('a', 1000, 0, 'failed'), entry('b', 1000, 1, 'sending'), entry('c', 2000, 2)])?.localId).toBe('c');
    expect(nextToSend([entry('a', 1000, 0, 'failed')])).toBeUndefined();
  });

  it("shows an entry as the user's own pending or failed message", () => {
    expect(entryAsMessage(entry('a', 1000, 0))).toMatchObject({ messageId: 'a', messageStatus: 'PENDING_SEND', isSendFromYou: true, text: 'text a' });
    expect(entryAsMessage(entry('a', 1000, 0, 'sending')).messageStatus).toBe('PENDING_SEND');
    expect(entryAsMessage(entry('a', 1000, 0, 'failed')).messageStatus).toBe('SEND_FAILED');
  });

  it('sends what was typed: text, mentions, reply and a file under its name', () => {
    const file = new Blob(['%PDF'], { type: 'application/pdf' });
    const outgoing = outgoingOf({ ...entry('a', 1, 0), type: 'FILE', text: undefined, file, fileName: 'rota.pdf', mentionIds: ['9'], replyToMessageId: '5' });
    expect(outgoing).toMatchObject({ roomId: '3', type: 'FILE', mentionIds: ['9'], replyToMessageId: '5' });
    expect(outgoing.file?.name).toBe('rota.pdf');
    expect(outgoing.file?.type).toBe('application/pdf');
  });

  it('stops showing an entry once its server copy (same checksum) is in the window', () => {
    const sent = { ...entry('a', 1, 0, 'sending'), checksum: 'c-a' };
    const waiting = { ...entry('b', 2, 1), checksum: 'c-b' };
    expect(notYetShown([sent, waiting], new Set(['c-a'])).map((e) => e.localId)).toEqual(['b']);
    expect(notYetShown([entry('old', 1, 0)], new Set(['c-a']))).toHaveLength(1); // stored before checksums were kept
  });
});
