// Runs once before the browser tests: every variant is built fresh for this run.
import { clearBuilds } from './build-cache.ts';

export default async function globalSetup(): Promise<void> {
  await clearBuilds();
}
