// Bytes a browser transfers to show the login page of a built variant, with the server's HTTP compression off
// and on, measured side by side in one run (Chromium's own count of bytes received, headers included).
//
//   node --import tsx scripts/bench/login-page-bytes.ts [VARIANT]      (builds dist/<VARIANT> first if missing)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';

const variant = (process.argv[2] ?? 'CSD').toUpperCase();
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const clientDir = path.join(repoRoot, 'dist', variant);

interface Transfer {
  url: string;
  encoding: string;
  /** bytes on the wire, headers included */
  transferred: number;
  /** bytes of the decoded body */
  decoded: number;
}

/** One visit with a cold cache; with `warm`, a first visit starts the best-quality copies and a second is measured. */
async function measure(compression: boolean, warm = false): Promise<Transfer[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-bytes-'));
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    VARIANT: variant,
    CLIENT_DIR: clientDir,
    HTTP_COMPRESSION: compression ? 'on' : 'off',
  });
  const app = await startServer(config, { log: () => undefined });
  const launch = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  if (warm) {
    // A browser of its own, so the measured one asks for everything again (favicon included).
    const first = await launch();
    await (await first.newPage()).goto(`${app.url}/login`, { waitUntil: 'networkidle' });
    await first.close();
    await app.clientAssets.settled();
  }
  const browser = await launch();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const byId = new Map<string, Transfer>();
    cdp.on('Network.responseReceived', (event) => {
      const headers = event.response.headers as Record<string, string>;
      const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
      byId.set(event.requestId, { url: event.response.url, encoding, transferred: 0, decoded: 0 });
    });
    cdp.on('Network.dataReceived', (event) => {
      const entry = byId.get(event.requestId);
      if (entry) entry.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = byId.get(event.requestId);
      if (entry) entry.transferred = event.encodedDataLength;
    });
    await page.goto(`${app.url}/login`, { waitUntil: 'networkidle' });
    // The form is on screen: every resource the login page needs has arrived.
    await page.locator('input[type="password"]').waitFor();
    return [...byId.values()].filter((entry) => entry.url.startsWith(app.url));
  } finally {
    await browser.close();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    execFileSync(process.execPath, [path.join(repoRoot, 'generator/bin/chatgen.js'), 'build', variant, '--out', 'dist'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const plain = await measure(false);
  const firstVisit = await measure(true);
  const compressed = await measure(true, true);
  const total = (list: Transfer[], key: 'transferred' | 'decoded') => list.reduce((sum, entry) => sum + entry[key], 0);
  const name = (url: string) => new URL(url).pathname;
  console.log(`${variant} login page: ${compressed.length} resources`);
  console.log(`${'resource'.padEnd(40)} ${'body'.padStart(9)} ${'plain'.padStart(9)} ${'compressed'.padStart(11)} encoding   (compressed: cached copies)`);
  for (const entry of compressed) {
    const before = plain.find((other) => name(other.url) === name(entry.url));
    console.log(
      `${name(entry.url).padEnd(40)} ${String(entry.decoded).padStart(9)} ${String(before?.transferred ?? 0).padStart(9)} ${String(entry.transferred).padStart(11)} ${entry.encoding}`,
    );
  }
  const before = total(plain, 'transferred');
  const after = total(compressed, 'transferred');
  console.log(`transferred without compression: ${before} bytes`);
  const cold = total(firstVisit, 'transferred');
  console.log(`transferred with compression, first visit after start (on-the-fly brotli 4): ${cold} bytes (${(before / cold).toFixed(2)}x fewer)`);
  console.log(`transferred with compression, cached best-quality assets (brotli 11):        ${after} bytes (${(before / after).toFixed(2)}x fewer)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
