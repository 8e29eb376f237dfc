import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { batchWritesThisTurn } from './write-batch.ts';

/** A socket stand-in that records each write call it gets (one per system call on a real socket). */
function recordingSocket() {
  const calls: string[][] = [];
  const socket = new Writable({
    writev(chunks, callback) {
      calls.push(chunks.map(({ chunk }) => String(chunk)));
      callback();
    },
    write(chunk, _encoding, callback) {
      calls.push([String(chunk)]);
      callback();
    },
  });
  return { socket, calls };
}

const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

describe('batchWritesThisTurn', () => {
  it("sends what one turn wrote to a socket in one write, in order, after the turn's other work", async () => {
    const one = recordingSocket();
    const two = recordingSocket();
    for (const frame of ['queue frame', 'topic frame']) {
      batchWritesThisTurn(one.socket);
      one.socket.write(frame);
      batchWritesThisTurn(two.socket);
      two.socket.write(frame);
    }
    expect(one.calls).toEqual([]);
    await turnEnds();
    expect(one.calls).toEqual([['queue frame', 'topic frame']]);
    expect(two.calls).toEqual([['queue frame', 'topic frame']]);

    // The next turn starts a batch of its own.
    batchWritesThisTurn(one.socket);
    one.socket.write('next');
    await turnEnds();
    expect(one.calls).toEqual([['queue frame', 'topic frame'], ['next']]);
  });

  it('a socket ended within the turn has sent everything, and the batch end passes it by', async () => {
    const { socket, calls } = recordingSocket();
    batchWritesThisTurn(socket);
    socket.write('ERROR frame');
    socket.end();
    await turnEnds();
    expect(calls.flat()).toEqual(['ERROR frame']);
    expect(socket.writableFinished).toBe(true);
  });
});
