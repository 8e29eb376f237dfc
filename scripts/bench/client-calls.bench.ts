/**
 * What one message costs with the chat open: the built CSD client in Chromium against the reference server in its
 * own process. Three phases in one run:
 *  - 1:1 spaced: alice and bob with their chat open, alice types N messages 400 ms apart;
 *  - 1:1 burst: then N more as fast as she can type them;
 *  - group: a group of 10 with 5 members signed in and the group open, one of them types N messages 400 ms apart.
 * Prints, per received message (per receiver) and per sent message, the calls by name; the server process's CPU ms
 * per message (all its threads, the whole phase until the clients are quiet); and Enter (the sender's keydown) to
 * the text appearing on a receiver's page, p50 and p99. Counts are what the figures are about; times depend on load.
 *
 *   node --import tsx scripts/bench/client-calls.bench.ts [--messages 20] [--group-messages 10] [--settle 2500] [--cpu-prof DIR]
 *
 * `--cpu-prof DIR` runs the server under `node --cpu-prof` and leaves its profile in DIR (where its CPU goes).
 *
 * Builds the CSD variant into .tmp/e2e-dist (as the browser tests do) when it is missing.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openEmbeddedDatabase } from '../../server/store/embedded.ts';
import { migrate } from '../../server/store/migrate.ts';
import { repos } from '../../server/store/repos/index.ts';
import { signIn } from '../../tests/support/node-transport.ts';
import { createAccountIn, TEST_PASSWORD } from '../../tests/support/test-server.ts';
import { builtVariant } from '../../tests/e2e/support/build-cache.ts';
import { startBenchServer } from './bench-server.ts';
import { cpuMs } from './proc-cpu.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '20' },
    'group-messages': { type: 'string', default: '10' },
    settle: { type: 'string', default: '2500' },
    'cpu-prof': { type: 'string' },
  },
});
const MESSAGES = Number(args.messages);
const GROUP_MESSAGES = Number(args['group-messages']);
/** Quiet time after the last message arrived, so batched marks and late fetches are counted in their phase. */
const SETTLE_MS = Number(args.settle);
const SPACING_MS = 400;
const GROUP_SIZE = 10;
const GROUP_OPEN = 5;
const CALL_PATH = /\/v3\/chat\/(?:pub|sec)\/[^/]+\/([^/?]+)/;

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A signed-in page and the calls it made (by name) since the last reset. */
interface Client {
  name: string;
  page: Page;
  calls: Map<string, number>;
}

async function prepareStore(dataDir: string): Promise<void> {
  const db = await openEmbeddedDatabase(dataDir, { template: true });
  try {
    await migrate(db);
    const r = repos(db);
    const tenant = await r.tenants.create({ fullname: 'Calls Bench', shortName: 'CB' });
    await createAccountIn(r, { loginName: 'alice', fullName: 'Alice Chan', tenantId: tenant.id });
    await createAccountIn(r, { loginName: 'bob', fullName: 'Bob Lee', tenantId: tenant.id });
    for (let i = 0; i < GROUP_SIZE; i += 1) await createAccountIn(r, { loginName: `member${i}`, fullName: `Member ${i}`, tenantId: tenant.id });
  } finally {
    await db.close();
  }
}

function startServer(env: Record<string, string>) {
  const profileDir = args['cpu-prof'];
  return startBenchServer(env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
}

/**
 * Records, in the page, when each text `#bench:<n>#` first appears and when Enter is pressed on one. A script text,
 * not a function: tsx would compile a function with helpers the page does not have.
 */
const INSTRUMENT = `(() => {
  const seen = {};
  const entered = {};
  const now = () => performance.timeOrigin + performance.now();
  const scan = (text) => {
    if (!text) return;
    for (const match of text.matchAll(/#bench:(\\d+)#/g)) if (seen[match[1]] === undefined) seen[match[1]] = now();
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'characterData') scan(mutation.target.textContent);
      for (const node of mutation.addedNodes) scan(node.textContent);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
  window.addEventListener('keydown', (event) => {
    const target = event.target;
    const match = event.key === 'Enter' && target && typeof target.value === 'string' ? /#bench:(\\d+)#/.exec(target.value) : null;
    if (match) entered[match[1]] = now();
  }, true);
  Object.assign(window, { benchSeen: seen, benchEntered: entered });
})();`;

async function openClient(browser: Browser, url: string, loginName: string, roomName: string): Promise<Client> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
  const page = await context.newPage();
  const client: Client = { name: loginName, page, calls: new Map() };
  page.on('request', (request) => {
    const name = CALL_PATH.exec(request.url())?.[1];
    if (name) client.calls.set(name, (client.calls.get(name) ?? 0) + 1);
  });
  await page.addInitScript(INSTRUMENT);
  await page.goto(`${url}/`);
  await page.getByLabel('Login Name').fill(loginName);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.getByTestId('room-row').filter({ hasText: roomName }).click({ timeout: 60_000 });
  await page.getByTestId('chat-title').filter({ hasText: roomName }).waitFor({ timeout: 60_000 });
  return client;
}

const composer = (client: Client) => client.page.getByRole('textbox', { name: 'Message', exact: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function type(client: Client, seq: number): Promise<void> {
  await composer(client).fill(`message #bench:${seq}#`);
  await composer(client).press('Enter');
}

async function times(page: Page, which: 'benchSeen' | 'benchEntered'): Promise<Record<string, number>> {
  return page.evaluate((key) => (window as unknown as Record<string, Record<string, number>>)[key] ?? {}, which);
}

/** Waits until every receiver shows every message of `seqs` (or a minute passes). */
async function waitShown(receivers: readonly Client[], seqs: readonly number[]): Promise<void> {
  const until = Date.now() + 60_000;
  for (const receiver of receivers) {
    for (;;) {
      const seen = await times(receiver.page, 'benchSeen');
      if (seqs.every((seq) => seen[seq] !== undefined)) break;
      if (Date.now() > until) {
        console.error(`${receiver.name}: ${seqs.filter((seq) => seen[seq] === undefined).length} messages never shown`);
        break;
      }
      await sleep(50);
    }
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface PhaseResult {
  name: string;
  messages: number;
  receivers: number;
  received: Map<string, number>;
  sent: Map<string, number>;
  cpuMsPerMessage: number;
  p50: number;
  p99: number;
}

let nextSeq = 0;

async function phase(name: string, server: ChildProcess, sender: Client, receivers: readonly Client[], count: number, spacingMs: number): Promise<PhaseResult> {
  for (const client of [sender, ...receivers]) client.calls.clear();
  const cpuBefore = await cpuMs(server.pid);
  const seqs: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = Date.now();
    const seq = nextSeq++;
    seqs.push(seq);
    await type(sender, seq);
    if (spacingMs > 0) await sleep(Math.max(0, spacingMs - (Date.now() - started)));
  }
  await waitShown(receivers, seqs);
  await sleep(SETTLE_MS);
  const cpuMsPerMessage = ((await cpuMs(server.pid)) - cpuBefore) / count;
  const entered = await times(sender.page, 'benchEntered');
  const latencies: number[] = [];
  for (const receiver of receivers) {
    const seen = await times(receiver.page, 'benchSeen');
    for (const seq of seqs) {
      const from = entered[seq];
      const to = seen[seq];
      if (from !== undefined && to !== undefined) latencies.push(to - from);
    }
  }
  latencies.sort((a, b) => a - b);
  const received = new Map<string, number>();
  for (const receiver of receivers) for (const [call, n] of receiver.calls) received.set(call, (received.get(call) ?? 0) + n);
  return { name, messages: count, receivers: receivers.length, received, sent: new Map(sender.calls), cpuMsPerMessage, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function perMessage(calls: ReadonlyMap<string, number>, messages: number, except?: string): { total: number; detail: string } {
  const rows = [...calls].filter(([call]) => call !== except).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0) / messages;
  return { total, detail: rows.map(([call, n]) => `${call} ${(n / messages).toFixed(2)}`).join(', ') || '-' };
}

function report(result: PhaseResult): void {
  const received = perMessage(result.received, result.messages * result.receivers);
  const sent = perMessage(result.sent, result.messages, 'sendaesmessage');
  console.log(`\n${result.name}: ${result.messages} messages, ${result.receivers} receiver(s) with the room open`);
  console.log(`  receiver calls per message: ${received.total.toFixed(2)}  (${received.detail})`);
  console.log(`  sender calls per message besides sendaesmessage: ${sent.total.toFixed(2)}  (${sent.detail}); sendaesmessage ${((result.sent.get('sendaesmessage') ?? 0) / result.messages).toFixed(2)}`);
  console.log(`  server CPU per message: ${result.cpuMsPerMessage.toFixed(1)} ms`);
  console.log(`  Enter -> render: p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms`);
}

async function main(): Promise<void> {
  const clientDir = await builtVariant('CSD');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chatgen-client-calls-'));
  await prepareStore(dataDir);
  const { child, url } = await startServer({ DATA_DIR: dataDir, CLIENT_DIR: clientDir, VARIANT: 'CSD' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // The rooms, made over the protocol as a client makes them.
    const alice = await signIn(url, 'alice', TEST_PASSWORD);
    const bob = await signIn(url, 'bob', TEST_PASSWORD);
    const single = await alice.api.createSingleRoom({ memberId: bob.accountId });
    if (!single.ok) throw new Error(`createsingleroom: ${JSON.stringify(single.errMsgList)}`);
    const owner = await signIn(url, 'member0', TEST_PASSWORD);
    const others: string[] = [];
    for (let i = 1; i < GROUP_SIZE; i += 1) others.push((await signIn(url, `member${i}`, TEST_PASSWORD)).accountId);
    const group = await owner.api.createMultipleRoom({ roomName: 'Ward round', memberIds: others as [string, ...string[]] });
    if (!group.ok) throw new Error(`createmultipleroom: ${JSON.stringify(group.errMsgList)}`);

    const aliceClient = await openClient(browser, url, 'alice', 'Bob Lee');
    const bobClient = await openClient(browser, url, 'bob', 'Alice Chan');
    // One message first: the room key is fetched once per room, not per message.
    await type(aliceClient, nextSeq++);
    await waitShown([bobClient], [nextSeq - 1]);
    await sleep(SETTLE_MS);
    const results = [
      await phase('1:1 spaced (400 ms apart)', child, aliceClient, [bobClient], MESSAGES, SPACING_MS),
      await phase('1:1 burst', child, aliceClient, [bobClient], MESSAGES, 0),
    ];
    await Promise.all([aliceClient, bobClient].map((client) => client.page.context().close()));

    const members: Client[] = [];
    for (let i = 0; i < GROUP_OPEN; i += 1) members.push(await openClient(browser, url, `member${i}`, 'Ward round'));
    const [groupSender, ...groupReceivers] = members;
    if (!groupSender) throw new Error('no group sender');
    await type(groupSender, nextSeq++);
    await waitShown(groupReceivers, [nextSeq - 1]);
    await sleep(SETTLE_MS);
    results.push(await phase(`group of ${GROUP_SIZE}, ${GROUP_OPEN} open (400 ms apart)`, child, groupSender, groupReceivers, GROUP_MESSAGES, SPACING_MS));

    const [one, five, fifteen] = loadavg();
    console.log(`client-calls bench: CSD build, embedded store, settle ${SETTLE_MS} ms; load average ${one?.toFixed(2)} ${five?.toFixed(2)} ${fifteen?.toFixed(2)}`);
    for (const result of results) report(result);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
