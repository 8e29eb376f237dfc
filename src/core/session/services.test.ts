import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatServices } from './services.ts';

const services = (accountId: string) => ({ accountId, loginName: `user${accountId}` }) as unknown as ChatServices; // only identity matters here

async function fresh() {
  vi.resetModules();
  return import('./services.ts');
}

describe('chat services', () => {
  beforeEach(() => vi.resetModules());

  it('are refused before any sign-in', async () => {
    const { chatServices, hasChatServices } = await fresh();
    expect(hasChatServices()).toBe(false);
    expect(() => chatServices()).toThrow('chat services used before sign-in');
  });

  it('stay readable by a chat still mounted when its session ends, without counting as signed in', async () => {
    const { chatServices, hasChatServices, provideChatServices } = await fresh();
    const first = services('1');
    provideChatServices(first);
    expect(hasChatServices()).toBe(true);
    provideChatServices(null);
    expect(hasChatServices()).toBe(false);
    expect(chatServices()).toBe(first);
    provideChatServices(null); // a second clear keeps them
    expect(chatServices()).toBe(first);
  });

  it('are the new session’s after the next sign-in', async () => {
    const { chatServices, provideChatServices } = await fresh();
    provideChatServices(services('1'));
    provideChatServices(null);
    const second = services('2');
    provideChatServices(second);
    expect(chatServices()).toBe(second);
    provideChatServices(null);
    expect(chatServices()).toBe(second);
  });
});
