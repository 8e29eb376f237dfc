import { describe, expect, it } from 'vitest';
import { deepLinkActionObject, readDeepLink } from './deep-link.ts';

const link = (action: string, search = '') => readDeepLink(deepLinkActionObject(action, search));

describe('deep links', () => {
  it('read each action with its parameters', () => {
    expect(link('gotoroom', '?roomId=42')).toEqual({ action: 'gotoroom', roomId: '42' });
    expect(link('opensinglechat', '?accountId=7')).toEqual({ action: 'opensinglechat', account: { accountId: '7' } });
    expect(link('opensinglechat', '?loginName=bob')).toEqual({ action: 'opensinglechat', account: { loginName: 'bob' } });
    expect(link('opencontactinfo', '?accountId=7&loginName=bob')).toEqual({ action: 'opencontactinfo', account: { accountId: '7' } });
    expect(link('gotochatbot')).toEqual({ action: 'gotochatbot' });
    expect(link('GotoRoom', '?roomId=%2042%20')).toEqual({ action: 'gotoroom', roomId: '42' });
  });

  it('refuse an unknown action or a missing parameter', () => {
    expect(link('gotoroom')).toBe('invalid');
    expect(link('gotoroom', '?roomId=')).toBe('invalid');
    expect(link('opencontactinfo', '?name=bob')).toBe('invalid');
    expect(link('deleteeverything', '?roomId=1')).toBe('invalid');
  });

  it('find nothing in an action object without a deep link (the start page query string)', () => {
    expect(readDeepLink({ roomId: '1', token: 'x' })).toBeNull();
    expect(readDeepLink(undefined)).toBeNull();
  });
});
