// `npm start`: the reference server on its embedded database, serving the built client of VARIANT.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './app.ts';
import { readConfig } from './config.ts';
import { seedContentData } from './seed/content.ts';
import { DEMO_LOGINS, seedDemoData } from './seed/demo.ts';

async function main(): Promise<void> {
  const config = readConfig();
  const app = await startServer(config);
  const seeded = await seedDemoData(app.ctx.db, { log: (line) => console.log(line) });
  if (seeded.seeded) {
    console.log(`Demo organisation created: ${seeded.accounts} accounts, ${seeded.rooms} rooms, ${seeded.messages} messages.`);
  }
  // Each seed runs once per data folder (a marker row), so restarts keep what users changed.
  await seedContentData(app.ctx.db, { blobs: app.ctx.blobs, log: (line) => console.log(line) });
  const clientBuilt = existsSync(path.join(config.clientDir, 'index.html'));
  console.log('');
  console.log(`chatgen reference server, variant ${config.variant}, data in ${config.dataDir}`);
  console.log(clientBuilt ? `Open ${app.url}/ in a browser.` : `No client build in ${config.clientDir}: run "npx chatgen build ${config.variant}" first.`);
  console.log('Demo logins:');
  for (const login of DEMO_LOGINS) console.log(`  ${login.loginName.padEnd(12)} ${login.password.padEnd(12)} ${login.note}`);

  const stop = async (signal: string) => {
    console.log(`${signal}: stopping`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
