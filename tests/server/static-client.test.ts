// The served client: security headers with the variant's frame policy, and client routes that survive a reload.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const servers: TestServer[] = [];
let clientDir: string;

afterAll(async () => {
  for (const server of servers) await server.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

async function serve(env: Record<string, string>): Promise<TestServer> {
  clientDir ??= await mkdtemp(path.join(tmpdir(), 'chatgen-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Chat</title>');
  const server = await startTestServer({ CLIENT_DIR: clientDir, ...env });
  servers.push(server);
  return server;
}

describe('the served client', () => {
  it("sends the security headers and denies framing for CSD, and allows same-origin framing for a grid child", async () => {
    const csd = await serve({ VARIANT: 'CSD' });
    const page = await fetch(`${csd.url}/chatroom`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Chat</title>');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const child = await serve({ VARIANT: 'DEV_GRID_CHILD' });
    const framed = await fetch(`${child.url}/login`);
    expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(framed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('refuses paths that climb out of the client folder', async () => {
    const server = servers[0]!;
    const response = await fetch(`${server.url}/..%2f..%2fpackage.json`);
    expect(response.status).toBe(404);
  });

  it('refuses to start with an unknown variant', async () => {
    await expect(serve({ VARIANT: 'NOPE' })).rejects.toThrow(/Unknown VARIANT "NOPE"/);
  });
});
