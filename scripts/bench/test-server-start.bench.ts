/**
 * A test server's start (`startTestServer()`, tests/support/test-server.ts) on a copy of the run's prepared store
 * and on a store of its own (initdb or an empty database, migrations, chatbot data, decoy keys), alternated in one
 * run so that both meet the same load (docs/testing.md). Prints each start, the medians and their ratio, and the
 * load average before and after.
 *
 *   node --import tsx scripts/bench/test-server-start.bench.ts [rounds]               # embedded store
 *   CHATGEN_TEST_STORE=postgres node --import tsx scripts/bench/test-server-start.bench.ts   # PostgreSQL
 */
import { loadavg } from 'node:os';
import { dropRun, newRunId } from '../../server/store/scratch.ts';
import { testStore } from '../../server/store/testing.ts';
import { beginTestRun } from '../../tests/support/test-run.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

const rounds = Number(process.argv[2] ?? 4);
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timedStart(): Promise<number> {
  const started = performance.now();
  const server = await startTestServer();
  const elapsed = performance.now() - started;
  await server.close();
  return elapsed;
}

console.log(`store ${testStore()}, ${rounds} rounds, load before ${load()}`);
const pgRun = newRunId();
process.env.CHATGEN_TEST_PG_RUN = pgRun;
const endRun = beginTestRun();
const runDir = process.env.CHATGEN_TEST_RUN_DIR!;
try {
  console.log(`first start of a run (prepares the store): ${seconds(await timedStart())} s`);
  const prepared: number[] = [];
  const own: number[] = [];
  for (let round = 0; round < rounds; round++) {
    process.env.CHATGEN_TEST_RUN_DIR = runDir;
    prepared.push(await timedStart());
    delete process.env.CHATGEN_TEST_RUN_DIR;
    own.push(await timedStart());
  }
  console.log(`on the prepared store: ${prepared.map(seconds).join(' ')} s (median ${seconds(median(prepared))})`);
  console.log(`on a store of its own: ${own.map(seconds).join(' ')} s (median ${seconds(median(own))})`);
  console.log(`ratio own / prepared: ${(median(own) / median(prepared)).toFixed(1)}x; load after ${load()}`);
} finally {
  process.env.CHATGEN_TEST_RUN_DIR = runDir;
  endRun();
  if (testStore() === 'postgres') await dropRun(pgRun);
}
