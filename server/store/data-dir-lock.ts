/**
 * One server per data folder. The embedded engine is one PostgreSQL session in this process: a second process on
 * the same folder would run its own recovery and checkpoints over the first one's files (both served, each made
 * its own "room 100", and a kill of the first could then leave a folder no engine can start). So whoever opens a
 * folder first writes `<dataDir>/chatgen.lock` with its process id, and another opener refuses with a clear message
 * while that process lives. A lock left by a process that is gone (kill -9, a crash, a power cut) is taken over.
 *
 * Liveness: the process id still exists and, on Linux, it is the same process (its start time in /proc matches
 * the one written), so a recycled process id (a container's pid 1 after a restart) does not keep a dead lock.
 * A lock written on another host cannot be checked from here: it is refused, naming the file to delete.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'chatgen.lock';

interface Holder {
  pid: number;
  hostname: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat field 22); null elsewhere. */
  processStart: string | null;
  startedAt: string;
}

export class DataDirInUseError extends Error {
  readonly code = 'DATA_DIR_IN_USE';
  constructor(
    message: string,
    readonly holder: Holder,
  ) {
    super(message);
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this holder's. */
  release(): void;
}

function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return { pid: parsed.pid, hostname: parsed.hostname, processStart: parsed.processStart ?? null, startedAt: String(parsed.startedAt ?? '') };
  } catch {
    // Missing, or cut short by a crash while it was written: no one holds it.
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.processStart === null) return true;
  const now = processStart(holder.pid);
  return now === null || now === holder.processStart;
}

function inUse(dataDir: string, file: string, holder: Holder): DataDirInUseError {
  const since = holder.startedAt ? `, since ${holder.startedAt}` : '';
  return holder.hostname === os.hostname()
    ? new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another chatgen server (process ${holder.pid}${since}). ` +
          'Stop that server first, or give this one another DATA_DIR.',
        holder,
      )
    : new DataDirInUseError(
        `DATA_DIR ${dataDir} is locked by a chatgen server on host ${holder.hostname} (process ${holder.pid}${since}). ` +
          `Stop that server first; if none runs there any more, delete ${file}.`,
        holder,
      );
}

/** Whether a lock file may be taken over by this host: unreadable, or its process is gone. */
function stale(holder: Holder | null): boolean {
  return holder === null || (holder.hostname === os.hostname() && !isAlive(holder));
}

/** Takes the folder's lock, or throws DataDirInUseError while a live process holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, hostname: os.hostname(), processStart: processStart(process.pid), startedAt: new Date().toISOString() };
  const text = `${JSON.stringify(mine)}\n`;
  // Written whole beside the lock, then linked into place: the lock file appears complete or not at all.
  const draft = `${file}.${process.pid}.${Date.now()}.draft`;
  fs.writeFileSync(draft, text);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      }
      const holder = readHolder(file);
      if (!stale(holder)) throw inUse(dataDir, file, holder as Holder);
      // Moved aside under a name of our own, so that two starters cannot both remove one stale lock.
      const aside = `${file}.${process.pid}.stale`;
      try {
        fs.renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = readHolder(aside);
      if (!stale(moved)) {
        // Another starter took the stale lock between our read and the move: give its lock back and refuse.
        try {
          fs.linkSync(aside, file);
        } finally {
          fs.rmSync(aside, { force: true });
        }
        throw inUse(dataDir, file, moved as Holder);
      }
      fs.rmSync(aside, { force: true });
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      const holder = readHolder(file);
      if (holder && holder.pid === mine.pid && holder.startedAt === mine.startedAt) fs.rmSync(file, { force: true });
    },
  };
}
