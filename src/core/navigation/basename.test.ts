import { describe, expect, it } from 'vitest';
import { routerBasename } from './basename.ts';

describe('router basename', () => {
  it('is the directory the app was opened from', () => {
    expect(routerBasename('/')).toBe('/');
    expect(routerBasename('/login')).toBe('/');
    expect(routerBasename('/chatroom')).toBe('/');
    expect(routerBasename('/webchat/')).toBe('/webchat');
    expect(routerBasename('/webchat/login')).toBe('/webchat');
    expect(routerBasename('/webchat/index.html')).toBe('/webchat');
    expect(routerBasename('/a/b/chatroom/')).toBe('/a/b');
    expect(routerBasename('/deeplink/gotoroom')).toBe('/');
    expect(routerBasename('/webchat/deeplink/opensinglechat')).toBe('/webchat');
  });
});
