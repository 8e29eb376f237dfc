// What every browser test file uses: `test` with an `openPage` fixture (a fresh browser context per user, closed
// after the test), `serveVariant` (a built variant served by a fresh reference server for the file), and helpers.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { builtVariant, repoRoot } from './support/build-cache.ts';

export { expect };
export type { Page };

export const screenshotDir = path.join(import.meta.dirname, 'screenshots');

export interface PageOptions {
  userAgent?: string;
  locale?: string;
  viewport?: { width: number; height: number };
}

interface Fixtures {
  /** A page in a fresh browser context: one per user of the test. */
  openPage: (options?: PageOptions) => Promise<Page>;
}

export async function newUserContext(browser: Browser, options: PageOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: options.viewport ?? { width: 1366, height: 860 },
    locale: options.locale ?? 'en-US',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
}

export const test = base.extend<Fixtures>({
  openPage: async ({ browser }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    // What the pages said on their consoles (errors and warnings) and what they threw: attached to a failed test,
    // where an error page or a lost session is otherwise only a screenshot.
    const said: string[] = [];
    await use(async (options) => {
      const context = await newUserContext(browser, options);
      contexts.push(context);
      const page = await context.newPage();
      const which = `page ${contexts.length}`;
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') said.push(`${which} ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => said.push(`${which} threw: ${error.stack ?? error.message}`));
      return page;
    });
    if (testInfo.status !== testInfo.expectedStatus && said.length > 0) {
      await testInfo.attach('browser-console', { body: said.join('\n'), contentType: 'text/plain' });
    }
    for (const context of contexts) await context.close().catch(() => undefined);
  },
});

/**
 * What every browser test's server runs with. No HTTP compression: each server would otherwise compress every bundle
 * at brotli's best quality in the background (seconds of CPU per bundle, per test file), taking the cores the pages
 * and servers of the tests beside it need. Loopback gains nothing from it; tests/server/static-client.test.ts proves
 * compression itself.
 */
export const BROWSER_TEST_SERVER_ENV: Readonly<Record<string, string>> = { HTTP_COMPRESSION: 'off' };

/** A built variant served by a fresh reference server (its own data folder and port) for this test file. */
export interface ServedVariant {
  readonly server: TestServer;
  readonly url: string;
}

/** `env` may be a function, read when the server starts (a value only known then, such as a mail catcher's port). */
export function serveVariant(
  variant: string,
  env: Record<string, string> | (() => Record<string, string>) = {},
  setUp?: (server: TestServer) => Promise<void>,
): ServedVariant {
  let server: TestServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const clientDir = await builtVariant(variant);
    server = await startTestServer({ ...BROWSER_TEST_SERVER_ENV, CLIENT_DIR: clientDir, VARIANT: variant, ...(typeof env === 'function' ? env() : env) });
    await setUp?.(server);
  });
  test.afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  const current = (): TestServer => {
    if (!server) throw new Error(`the ${variant} server is not running (used outside a test?)`);
    return server;
  };
  return {
    get server() {
      return current();
    },
    get url() {
      return current().url;
    },
  };
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

/**
 * Runs axe-core in the page and returns the serious and critical violations, and those of `rules` whatever their
 * impact (a check that covers a moderate rule such as 'region', everything in a landmark).
 */
export async function axeViolations(page: Page, rules: readonly string[] = []): Promise<{ id: string; impact: string | null; nodes: number }[]> {
  const source = await readFile(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe;
    const outcome = await axe.run(document);
    return outcome.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
  });
  return result.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || rules.includes(violation.id));
}
