import { describe, expect, it, vi } from 'vitest';
import { watchConnectivity } from './connectivity.ts';

function signals() {
  const network = new EventTarget();
  const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
  return { network, page };
}

describe('watchConnectivity', () => {
  it('retries when the browser is back online and when the tab becomes visible, not when it hides', () => {
    const s = signals();
    const retry = vi.fn();
    const stop = watchConnectivity(s, retry);
    s.network.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
    s.page.dispatchEvent(new Event('visibilitychange')); // hidden
    expect(retry).toHaveBeenCalledTimes(1);
    s.page.visibilityState = 'visible';
    s.page.dispatchEvent(new Event('visibilitychange'));
    expect(retry).toHaveBeenCalledTimes(2);
    s.network.dispatchEvent(new Event('offline'));
    expect(retry).toHaveBeenCalledTimes(2);
    stop();
    s.network.dispatchEvent(new Event('online'));
    s.page.dispatchEvent(new Event('visibilitychange'));
    expect(retry).toHaveBeenCalledTimes(2);
  });
});
