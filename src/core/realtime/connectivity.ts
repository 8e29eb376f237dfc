// Retries the socket when the browser says the network is back (`online`) or the user comes back to the tab
// (`visibilitychange` to visible): after the seed's three tries a lost connection otherwise waits for the
// Reconnect button. The retry itself decides whether there is anything to do (connected sockets are left alone).

export interface ConnectivitySignals {
  /** Fires `online` (the window). */
  network: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Fires `visibilitychange` and tells `visibilityState` (the document). */
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: string };
}

/** The page's window and document, or null outside a browser (tests in Node, the server). */
export function browserSignals(): ConnectivitySignals | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  return { network: window, page: document };
}

/** Calls `retry` on each signal; returns the function that stops watching. */
export function watchConnectivity(signals: ConnectivitySignals, retry: () => void): () => void {
  const onOnline = () => retry();
  const onVisibility = () => {
    if (signals.page.visibilityState === 'visible') retry();
  };
  signals.network.addEventListener('online', onOnline);
  signals.page.addEventListener('visibilitychange', onVisibility);
  return () => {
    signals.network.removeEventListener('online', onOnline);
    signals.page.removeEventListener('visibilitychange', onVisibility);
  };
}
