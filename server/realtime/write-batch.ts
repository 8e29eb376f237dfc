// Frames written to one socket within one turn of the event loop leave in one system call. A room's fan-out
// writes each listener a frame for its reply queue and one for the room topic, and every ws.send is its own
// write: 200 listeners cost 400 writev calls per message, most of the fan-out's time under load. A socket is
// corked at its first frame of the turn and uncorked once, after the turn's other work (setImmediate), so what
// the turn wrote to it goes out together; nothing waits longer than that one turn.
import type { Writable } from 'node:stream';

/** A socket, or any stream that holds writes while corked. */
type Corkable = Pick<Writable, 'cork' | 'uncork'>;

const corked = new Set<Corkable>();
let flushScheduled = false;

function flush(): void {
  flushScheduled = false;
  // A socket ended or destroyed since has already flushed or dropped its data; uncork is then a no-op.
  for (const socket of corked) socket.uncork();
  corked.clear();
}

/** Holds the socket's writes until the end of this turn of the event loop. */
export function batchWritesThisTurn(socket: Corkable): void {
  if (corked.has(socket)) return;
  socket.cork();
  corked.add(socket);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
}
