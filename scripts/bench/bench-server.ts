// Starts the reference server for a benchmark in its own process (realtime-load-server.ts), so its CPU is measured
// apart from the load generator's, and resolves with its URL once it prints LISTENING.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface BenchServer {
  child: ChildProcess;
  url: string;
}

/** `env` is laid over this process's environment with test mode off; `nodeArgs` go before the script (--cpu-prof). */
export function startBenchServer(env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<BenchServer> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(import.meta.dirname, 'realtime-load-server.ts')], {
    env: { ...process.env, CHATGEN_TEST_MODE: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}
