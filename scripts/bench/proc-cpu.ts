// CPU time of processes from /proc (Linux), so a benchmark can report work per item whatever else loads the machine.
import { readdir, readFile } from 'node:fs/promises';

/** USER_HZ: 100 on every Linux architecture Node supports. */
const CLOCK_TICKS = 100;

/** CPU time (user + system, all threads) a process has used so far, in ms; NaN when it cannot be read. */
export function cpuMs(pid: number | undefined): Promise<number> {
  return statCpuMs(pid === undefined ? undefined : `/proc/${pid}/stat`);
}

/**
 * CPU time of a process's main thread alone (its JavaScript event loop, whose thread id is the process id), in ms:
 * the serial part of a Node server, apart from its worker threads and libuv's pool.
 */
export function mainThreadCpuMs(pid: number | undefined): Promise<number> {
  return statCpuMs(pid === undefined ? undefined : `/proc/${pid}/task/${pid}/stat`);
}

async function statCpuMs(file: string | undefined): Promise<number> {
  if (file === undefined) return Number.NaN;
  try {
    const stat = await readFile(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Sum of cpuMs (or of another reading) over processes. */
export async function totalCpuMs(pids: readonly (number | undefined)[], read: (pid: number | undefined) => Promise<number> = cpuMs): Promise<number> {
  return (await Promise.all(pids.map(read))).reduce((a, b) => a + b, 0);
}

/** The id of a running process whose command name (/proc/<pid>/comm) is `name`, e.g. RabbitMQ's beam.smp. */
export async function pidByName(name: string): Promise<number | undefined> {
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === name) return Number(entry);
  }
  return undefined;
}
