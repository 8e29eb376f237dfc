// `npm start`: the reference server on its embedded database, serving the built client of VARIANT.
// The port opens first (GET /healthz answers at once); calls answer 503 with Retry-After until the database is
// migrated and the demo data seeded, then GET /readyz turns ready and the demo logins are printed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './app.ts';
import { readConfig } from './config.ts';
import { stopOnSignals } from './shutdown.ts';
import type { ServerContext } from './context.ts';
import { seedContentData } from './seed/content.ts';
import { DEMO_LOGINS, seedDemoData } from './seed/demo.ts';

/** Each seed runs once per data folder (a marker row), so restarts keep what users changed. */
async function seedOnce(ctx: ServerContext): Promise<void> {
  const seeded = await seedDemoData(ctx.db, { log: (line) => console.log(line) });
  if (seeded.seeded) {
    console.log(`Demo organisation created: ${seeded.accounts} accounts, ${seeded.rooms} rooms, ${seeded.messages} messages.`);
  }
  await seedContentData(ctx.db, { blobs: ctx.blobs, log: (line) => console.log(line) });
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = await startServer(config, {
    prepare: seedOnce,
    onListening: (url) => console.log(`Listening on ${url} (starting: ${url}/readyz answers 503 until ready)`),
  });
  const clientBuilt = existsSync(path.join(config.clientDir, 'index.html'));
  console.log('');
  console.log(`chatgen reference server, variant ${config.variant}, data in ${config.dataDir}`);
  console.log(clientBuilt ? `Ready. Open ${app.url}/ in a browser.` : `No client build in ${config.clientDir}: run "npx chatgen build ${config.variant}" first.`);
  console.log('Demo logins:');
  for (const login of DEMO_LOGINS) console.log(`  ${login.loginName.padEnd(12)} ${login.password.padEnd(12)} ${login.note}`);

  stopOnSignals(app);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
