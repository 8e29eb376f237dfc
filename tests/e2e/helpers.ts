// Shared set-up of the browser tests: build a variant into a temp folder, start the reference server serving it,
// and drive Chromium (playwright-core) in fresh contexts.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const run = promisify(execFile);
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const screenshotDir = path.join(import.meta.dirname, 'screenshots');

export async function buildVariant(id: string): Promise<{ dir: string; clientDir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'chatgen-e2e-'));
  await run(process.execPath, [path.join(repoRoot, 'generator/bin/chatgen.js'), 'build', id, '--out', dir], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { dir, clientDir: path.join(dir, id), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

/** Fills and submits the login form of the CSD layout (labels shown). */
export async function login(page: Page, baseUrl: string, loginName: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Login Name').fill(loginName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string | null; nodes: number }[]> {
  const source = await readFile(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe;
    const outcome = await axe.run(document);
    return outcome.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
  });
  return result.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A built variant served by a fresh reference server, and a browser whose pages open in fresh contexts. */
export interface BrowserHarness {
  server: TestServer;
  newPage(userAgent?: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startBrowserHarness(variant: string, env: Record<string, string> = {}): Promise<BrowserHarness> {
  const built = await buildVariant(variant);
  const server = await startTestServer({ CLIENT_DIR: built.clientDir, VARIANT: variant, ...env });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    server,
    async newPage(userAgent) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US', ...(userAgent ? { userAgent } : {}) });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.close();
      await built.cleanup();
    },
  };
}
