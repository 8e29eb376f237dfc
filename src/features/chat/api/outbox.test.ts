import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from './data.ts';
import { Outbox, SEND_RETRIES } from './outbox.ts';
import { MemoryOutboxStore } from './outboxStore.ts';
import type { OutboxEntry } from '../model/outbox.ts';

class Unreachable extends Error {}

/** An outbox over a memory store, with a transport that answers as told, a socket switch and a manual timer. */
function setUp(answer: (entry: OutboxEntry) => Promise<ChatMessage>) {
  let live = true;
  const timers: Array<() => void> = [];
  const sent: ChatMessage[] = [];
  const failed: string[] = [];
  const send = vi.fn(answer);
  const outbox = new Outbox({
    accountId: 'a1',
    store: new MemoryOutboxStore(),
    send: (entry) => send(entry),
    connected: () => live,
    unreachable: (error) => error instanceof Unreachable,
    onSent: (_entry, message) => sent.push(message),
    onFailed: (entry) => failed.push(entry.text ?? ''),
    checksum: async (roomId, localId) => `${roomId}:${localId}`,
    retryMs: 10_000,
    setTimer: (run) => timers.push(run),
    clearTimer: () => undefined,
  });
  const entries = () => outbox.state.getState().entries;
  const retry = async () => {
    for (const run of timers.splice(0)) run();
    await vi.waitFor(() => expect(send.mock.results.every((r) => r.type !== 'incomplete')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { outbox, send, sent, failed, entries, retry, setLive: (value: boolean) => void (live = value) };
}

const text = (value: string) => ({ roomId: 'r1', type: 'TEXT' as const, text: value, senderName: 'Alice' });
const served = (entry: OutboxEntry): ChatMessage => ({ roomId: entry.roomId, messageId: '100', messageType: 'TEXT', text: entry.text }) as ChatMessage;

describe('Outbox', () => {
  it('sends in typed order and drops what the server has', async () => {
    const box = setUp(async (entry) => served(entry));
    await box.outbox.enqueue(text('one'));
    await box.outbox.enqueue(text('two'));
    await vi.waitFor(() => expect(box.sent.map((m) => m.text)).toEqual(['one', 'two']));
    expect(box.entries()).toEqual([]);
  });

  it('says it will retry while a try does not reach the server, then fails with Resend once the tries are used up', async () => {
    let reachable = false;
    const box = setUp(async (entry) => {
      if (!reachable) throw new Unreachable();
      return served(entry);
    });
    await box.outbox.enqueue(text('held'));
    await vi.waitFor(() => expect(box.outbox.state.getState().retries[box.entries()[0]!.localId]).toBe(1));
    expect(box.entries()[0]?.status).toBe('pending');
    for (let tries = 2; tries <= SEND_RETRIES + 1; tries += 1) await box.retry();
    await vi.waitFor(() => expect(box.entries()[0]?.status).toBe('failed'));
    expect(box.send).toHaveBeenCalledTimes(SEND_RETRIES + 1);
    expect(box.failed).toEqual(['held']);
    expect(box.outbox.state.getState().retries).toEqual({});

    reachable = true;
    await box.outbox.resend(box.entries()[0]!.localId);
    await vi.waitFor(() => expect(box.sent.map((m) => m.text)).toEqual(['held']));
  });

  it('counts no try while the socket is down: an outage fails nothing', async () => {
    const box = setUp(async () => {
      box.setLive(false); // the socket went with the network
      throw new Unreachable();
    });
    await box.outbox.enqueue(text('during the outage'));
    await vi.waitFor(() => expect(box.send).toHaveBeenCalledTimes(1));
    for (let i = 0; i < SEND_RETRIES + 2; i += 1) await box.retry();
    expect(box.entries()[0]?.status).toBe('pending');
    expect(box.failed).toEqual([]);
  });

  it('fails a send the server refuses at once', async () => {
    const box = setUp(async () => {
      throw new Error('refused');
    });
    await box.outbox.enqueue(text('refused'));
    await vi.waitFor(() => expect(box.entries()[0]?.status).toBe('failed'));
    expect(box.send).toHaveBeenCalledTimes(1);
  });
});
