// Stops a server on SIGINT or SIGTERM and ends the process: requests in flight get a short grace, then
// whatever is still open is closed (app.close), and if that hangs anyway the process ends at a hard deadline.
import type { ServerApp } from './app.ts';

/** Past this the process exits even if closing has not finished (a process manager waits little longer). */
export const SHUTDOWN_DEADLINE_MS = 4_500;

export function stopOnSignals(app: Pick<ServerApp, 'close'>, log: (line: string) => void = (line) => console.log(line)): void {
  const stop = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    setTimeout(() => {
      log(`${signal}: not stopped after ${SHUTDOWN_DEADLINE_MS} ms, exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`${signal}: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
