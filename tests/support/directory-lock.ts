// A lock between the worker processes of a test run: whoever makes the directory holds it; the others poll.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

export async function withDirectoryLock<T>(lockDir: string, what: string, work: () => Promise<T>, waitMs = 5 * 60_000): Promise<T> {
  await mkdir(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await mkdir(lockDir);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what}: lock ${lockDir} held for over ${Math.round(waitMs / 60_000)} minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}
