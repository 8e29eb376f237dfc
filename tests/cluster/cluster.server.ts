// Child process of the cluster tests: one reference server configured by its environment (DATABASE_URL,
// BROKER_URL, BROKER_EXCHANGE, JOB_LEASE_MS, TRUST_PROXY, ...) on PORT (a free one when unset); prints
// `URL <address>` once ready.
import { startServer } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { exitWithParent } from '../support/exit-with-parent.ts';

exitWithParent();

const app = await startServer(readConfig({ ...process.env, PORT: process.env.PORT ?? '0', HOST: '127.0.0.1', CHATGEN_TEST_MODE: '1' }), {
  log: (message) => process.stderr.write(`${message}\n`),
});
process.stdout.write(`URL ${app.url}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
