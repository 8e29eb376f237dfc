// A database thread that dies fails every call, those waiting and those after, rather than leaving them hanging.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { workerConnection } from './embedded-thread.ts';

describe('the engine thread connection', () => {
  it('fails calls at once once the thread has exited', async () => {
    // A thread that ends as soon as it is asked anything, as the engine's would on a fatal fault.
    const worker = new Worker("require('node:worker_threads').parentPort.once('message', () => process.exit(3))", { eval: true });
    const connection = workerConnection(worker);
    await expect(connection.query('SELECT 1', [])).rejects.toThrow('the database thread exited (3)');
    await expect(connection.query('SELECT 1', [])).rejects.toThrow('the database thread exited (3)');
    await expect(connection.exec('COMMIT')).rejects.toThrow('the database thread exited (3)');
    // And closing it afterwards (the server's shutdown) succeeds.
    await connection.close();
  });
});
