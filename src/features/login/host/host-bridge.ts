// The host of a lite (webview), embedded or grid-child build: messages are JSON `{action, data}` (seed section 1).
// To the host: the native web view's bridge (`window.ReactNativeWebView.postMessage`) when present, else the
// framing page (`window.parent.postMessage`). From the host: `message` events from this window (a native web view
// injects them) or from the framing page; anything else is ignored. docs/embedding.md lists the actions.

export interface HostMessage {
  action: string;
  data?: unknown;
}

interface NativeBridge {
  postMessage(message: string): void;
}

function nativeBridge(): NativeBridge | null {
  const bridge = (window as unknown as { ReactNativeWebView?: NativeBridge }).ReactNativeWebView;
  return bridge && typeof bridge.postMessage === 'function' ? bridge : null;
}

/** Posts `{action, data}` to the host; false when there is no host to tell. */
export function postToHost(action: string, data?: unknown): boolean {
  const message = JSON.stringify(data === undefined ? { action } : { action, data });
  const bridge = nativeBridge();
  if (bridge) {
    bridge.postMessage(message);
    return true;
  }
  if (window.parent === window) return false;
  // The message carries no secret (an action name and ids), so any framing origin may read it.
  window.parent.postMessage(message, '*');
  return true;
}

/** A host message's `{action, data}`, from a JSON string or an object; null for anything else. */
export function readHostMessage(raw: unknown): HostMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { action, data } = value as { action?: unknown; data?: unknown };
  return typeof action === 'string' && action !== '' ? { action, data } : null;
}

/** Listens to the host's messages; returns how to stop. */
export function onHostMessage(listener: (message: HostMessage) => void): () => void {
  const handle = (event: MessageEvent) => {
    if (event.source !== window && event.source !== window.parent) return;
    const message = readHostMessage(event.data);
    if (message) listener(message);
  };
  window.addEventListener('message', handle);
  return () => window.removeEventListener('message', handle);
}
