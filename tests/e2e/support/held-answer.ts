// Holding one answer of the server: the next request to a path is sent and answered, and the answer is kept from the
// page until the test releases it. What happens meanwhile (a notice, another call) comes after the server read that
// request, so the page gets an answer older than what it was told since: the case a live update must survive.
import type { Page, Route } from '@playwright/test';

export interface HeldAnswer {
  /** Resolves once the server has answered the held request (the page has not seen the answer yet). */
  answered: Promise<void>;
  /** Hands the answer to the page. */
  release(): void;
  /** Stops watching the path (requests after the held one went through untouched). */
  stop(): Promise<void>;
}

export async function holdNextAnswer(page: Page, path: string): Promise<HeldAnswer> {
  let answeredNow: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answeredNow = resolve));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let armed = true;
  const url = `**${path}`;
  const handler = async (route: Route) => {
    if (!armed) return route.continue();
    armed = false;
    const response = await route.fetch();
    answeredNow();
    await held;
    await route.fulfill({ response });
  };
  await page.route(url, handler);
  return { answered, release, stop: () => page.unroute(url, handler) };
}
