// One async task at a time, where a call made while it runs must not be lost: it asks for one more run after the
// current one (several such calls ask for one). A live fill is the case: a new-message notice that comes while a
// fetch is on its way may name a message that fetch read too early to see.

export interface CoalescedTask {
  /** Runs the task now, or once more after the run in progress; resolves when the runs this call started end. */
  run(): Promise<void>;
  isRunning(): boolean;
}

/**
 * A failed run ends the series (what was asked meanwhile is left to the next call), so a lasting failure cannot loop;
 * the error reaches the caller that started the series.
 */
export function coalescedTask(task: () => Promise<void>): CoalescedTask {
  let running = false;
  let again = false;
  return {
    async run() {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = false;
        again = false;
      }
    },
    isRunning: () => running,
  };
}
