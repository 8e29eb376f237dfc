// Holding one answer of the server: the next request to a path is sent and answered, and the answer is kept from the
// page until the test releases it. What happens meanwhile (a notice, another call) comes after the server read that
// request, so the page gets an answer older than what it was told since: the case a live update must survive. The
// notices a page received are counted, to know one is in before the answer is released.
import type { Page, Route } from '@playwright/test';

export interface HeldAnswer {
  /** Resolves once the server has answered the held request (the page has not seen the answer yet). */
  answered: Promise<void>;
  /** Hands the answer to the page; resolves once it is handed over. */
  release(): Promise<void>;
  /** Stops watching the path (requests after the held one went through untouched). */
  stop(): Promise<void>;
}

export async function holdNextAnswer(page: Page, path: string): Promise<HeldAnswer> {
  let answeredNow: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answeredNow = resolve));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let delivered: () => void = () => undefined;
  const handedOver = new Promise<void>((resolve) => (delivered = resolve));
  let armed = true;
  const url = `**${path}`;
  const handler = async (route: Route) => {
    if (!armed) return route.continue();
    armed = false;
    const response = await route.fetch();
    answeredNow();
    await held;
    await route.fulfill({ response });
    delivered();
  };
  await page.route(url, handler);
  return {
    answered,
    release: () => {
      release();
      return handedOver;
    },
    stop: () => page.unroute(url, handler),
  };
}

/**
 * How many things the page's sockets have been told of by notices of a type so far: one per `dataId` (an open room
 * hears of a new message twice, on the reply queue and on its topic).
 */
export function countNotices(page: Page, notifyType: string): () => number {
  const seen = new Set<string>();
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => {
    const payload = String(frame.payload);
    if (!payload.includes(`"notifyType":"${notifyType}"`)) return;
    seen.add(/"dataId":"([^"]*)"/.exec(payload)?.[1] ?? payload);
  }));
  return () => seen.size;
}
