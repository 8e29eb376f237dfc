/**
 * The reference server as the realtime load benchmark runs it: its own process (so the benchmark's clients do
 * not share its event loop), on the DATA_DIR the benchmark prepared, port 0. Prints one line
 * `LISTENING <url>` once ready, and stops cleanly on SIGTERM (so `node --cpu-prof` writes its profile).
 */
import { startServer } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';

const app = await startServer(readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' }), {
  // Fault summaries only (the server never logs bodies): the benchmark prints them as they come.
  log: (message) => console.error(`server: ${message}`),
});
console.log(`LISTENING ${app.url}`);
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
