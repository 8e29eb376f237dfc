// One reference server per test file: `const fixture = serverForFile()` starts it before the file's own beforeAll
// hooks and closes it after them, with every listener or client the file hands to `closeAfter` closed first (last
// registered, first closed). The server suites use it instead of repeating the start and the teardown.
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

interface Closable {
  close(): Promise<unknown> | unknown;
}

export interface ServerFixture {
  /** The running server; read it in hooks and tests, not at the file's top level (it starts in beforeAll). */
  readonly server: TestServer;
  /** Closes `resource` after the file's tests, before the server; returns it. */
  closeAfter<T extends Closable>(resource: T): T;
}

export function serverForFile(env: Record<string, string> = {}): ServerFixture {
  let running: TestServer | undefined;
  const closables: Closable[] = [];
  beforeAll(async () => {
    running = await startTestServer(env);
  });
  afterAll(async () => {
    for (const resource of closables.splice(0).reverse()) await resource.close();
    await running?.close();
  });
  return {
    get server() {
      if (!running) throw new Error('the server starts in beforeAll: read fixture.server inside a hook or a test');
      return running;
    },
    closeAfter(resource) {
      closables.push(resource);
      return resource;
    },
  };
}
