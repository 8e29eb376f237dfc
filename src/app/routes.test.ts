import { describe, expect, it } from 'vitest';
import { shellRoute } from './routes.ts';

describe('shell routes', () => {
  it("match the seed's paths exactly, case-insensitive, with an optional trailing slash", () => {
    expect(shellRoute('/', true)).toBe('start');
    expect(shellRoute('/login', true)).toBe('login');
    expect(shellRoute('/Login/', true)).toBe('login');
    expect(shellRoute('/chatroom', true)).toBe('signedIn');
    expect(shellRoute('/deeplink/gotoroom', true)).toBe('signedIn');
    expect(shellRoute('/login/x', true)).toBe('unknown');
    expect(shellRoute('/deeplink/a/b', true)).toBe('unknown');
    expect(shellRoute('/index.html', true)).toBe('unknown');
  });

  it('leave the deep links out where the variant has none', () => {
    expect(shellRoute('/deeplink/gotoroom', false)).toBe('unknown');
  });
});
