import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_LIFETIME_MS, showToast, useToasts } from './toastStore.ts';

const texts = () => useToasts.getState().toasts.map((toast) => toast.text);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('replace a progress toast with the result of the same topic, wherever it stood', () => {
    showToast('Saving…', 'info', { topic: 'save' });
    showToast('Unrelated failure');
    showToast('Saved', 'success', { topic: 'save' });
    expect(texts()).toEqual(['Unrelated failure', 'Saved']);
    expect(useToasts.getState().toasts[1]?.kind).toBe('success');
  });

  it(`show at most ${MAX_TOASTS} at once, the oldest going first`, () => {
    for (const text of ['one', 'two', 'three', 'four', 'five']) showToast(text);
    expect(texts()).toEqual(['three', 'four', 'five']);
  });

  it('show the same text once, and each goes after its lifetime', () => {
    showToast('Download Failed');
    showToast('Download Failed');
    expect(texts()).toEqual(['Download Failed']);
    vi.advanceTimersByTime(TOAST_LIFETIME_MS);
    expect(texts()).toEqual([]);
  });
});
