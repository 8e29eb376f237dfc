// Child processes started by tests (fake provider, servers killed on purpose) stop by themselves when the test
// process that started them is gone, and never outlive a time limit.
export function exitWithParent(maxLifetimeMs = 10 * 60_000): void {
  const parent = process.ppid;
  const watch = setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      process.exit(0);
    }
  }, 1000);
  watch.unref();
  setTimeout(() => process.exit(0), maxLifetimeMs).unref();
}
