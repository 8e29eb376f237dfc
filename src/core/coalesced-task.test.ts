import { describe, expect, it } from 'vitest';
import { coalescedTask } from './coalesced-task.ts';

/** A task whose runs end when the test says so. */
function controlledTask() {
  const finishers: Array<(error?: Error) => void> = [];
  let runs = 0;
  const task = () =>
    new Promise<void>((resolve, reject) => {
      runs += 1;
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  const finish = async (error?: Error) => {
    finishers.shift()?.(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { task, finish, runs: () => runs };
}

describe('coalescedTask', () => {
  it('runs once more after the current run when asked while it ran, however often it was asked', async () => {
    const { task, finish, runs } = controlledTask();
    const fill = coalescedTask(task);
    const first = fill.run();
    expect(fill.isRunning()).toBe(true);
    await fill.run();
    await fill.run(); // both asked during the first run: one more run, not two
    expect(runs()).toBe(1);
    await finish();
    expect(runs()).toBe(2);
    await finish();
    await first;
    expect(runs()).toBe(2);
    expect(fill.isRunning()).toBe(false);
  });

  it('does not run again when nothing was asked meanwhile', async () => {
    const { task, finish, runs } = controlledTask();
    const fill = coalescedTask(task);
    const first = fill.run();
    await finish();
    await first;
    expect(runs()).toBe(1);
  });

  it('a failed run ends the series and reaches its caller; the next call runs again', async () => {
    const { task, finish, runs } = controlledTask();
    const fill = coalescedTask(task);
    const first = fill.run();
    void fill.run();
    const outcome = first.then(() => 'resolved', (error: Error) => error.message);
    await finish(new Error('offline'));
    expect(await outcome).toBe('offline');
    expect(runs()).toBe(1);
    expect(fill.isRunning()).toBe(false);
    const second = fill.run();
    expect(runs()).toBe(2);
    await finish();
    await second;
  });
});
