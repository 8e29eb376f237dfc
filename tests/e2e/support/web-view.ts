// A native app's web view around the page (docs/embedding.md): the bridge the page posts `{action, data}` to, what it
// posted, and a message the app injects into the page.
import type { Page } from '@playwright/test';

export async function asWebView(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const posted: unknown[] = [];
    (window as unknown as { hostPosted: unknown[] }).hostPosted = posted;
    (window as unknown as { ReactNativeWebView: { postMessage(m: string): void } }).ReactNativeWebView = {
      postMessage: (message: string) => posted.push(JSON.parse(message)),
    };
  });
}

export const hostPosted = (page: Page): Promise<unknown[]> => page.evaluate(() => (window as unknown as { hostPosted: unknown[] }).hostPosted);

export const hostSends = (page: Page, message: object): Promise<void> => page.evaluate((m) => window.postMessage(JSON.stringify(m), '*'), message);
