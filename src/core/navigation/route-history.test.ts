import { describe, expect, it } from 'vitest';
import { createRouteHistory, pathBelow, pathUnder, type HistoryHost } from './route-history.ts';

/** A page's location and session history, as the browser keeps them. */
function fakeWindow(pathname: string, search = '') {
  const entries: { url: string; state: unknown }[] = [{ url: pathname + search, state: null }];
  let index = 0;
  const popstateListeners: (() => void)[] = [];
  const popstate = () => popstateListeners.forEach((listener) => listener());
  const current = () => new URL(entries[index]!.url, 'http://host');
  const host: HistoryHost = {
    location: {
      get pathname() {
        return current().pathname;
      },
      get search() {
        return current().search;
      },
    },
    history: {
      get state() {
        return entries[index]!.state;
      },
      pushState(state, _unused, url) {
        entries.splice(index + 1, entries.length, { url, state });
        index += 1;
      },
      replaceState(state, _unused, url) {
        entries[index] = { url, state };
      },
    },
    addEventListener: (_type, listener) => void popstateListeners.push(listener),
    dispatchEvent: (event) => {
      if (event.type === 'popstate') popstate();
      return true;
    },
  };
  const back = () => {
    index -= 1;
    popstate();
  };
  /** Another router on the same page, as react-router's browser history listens: popstate, then the entry's state. */
  const otherRouterSees = () => {
    const seen: unknown[] = [];
    host.addEventListener('popstate', () => seen.push(host.history.state));
    return seen;
  };
  return { host, entries, back, otherRouterSees };
}

describe('route history', () => {
  it('reads the location below the base, with the state react-router wrote', () => {
    const page = fakeWindow('/webchat/login', '?loginFail');
    page.entries[0]!.state = { usr: { loginName: 'alice' }, key: 'k1', idx: 0 };
    const history = createRouteHistory(page.host, '/webchat');
    expect(history.location()).toEqual({ pathname: '/login', search: '?loginFail', state: { loginName: 'alice' }, key: 'k1' });
  });

  it("navigates in react-router's entry shape and tells the subscribers once", () => {
    const page = fakeWindow('/login');
    const history = createRouteHistory(page.host, '/');
    let calls = 0;
    history.subscribe(() => (calls += 1));
    history.navigate('/chatroom', { state: { actionObj: { action: 'gotoroom' } } });
    expect(page.entries.map((e) => e.url)).toEqual(['/login', '/chatroom']);
    expect(page.entries[1]!.state).toMatchObject({ usr: { actionObj: { action: 'gotoroom' } }, idx: 1 });
    expect(history.location()).toMatchObject({ pathname: '/chatroom', state: { actionObj: { action: 'gotoroom' } } });
    expect(calls).toBe(1);
    history.navigate('/login?serverError', { replace: true });
    expect(page.entries.map((e) => e.url)).toEqual(['/login', '/login?serverError']);
    expect(page.entries[1]!.state).toMatchObject({ usr: null, idx: 1 });
    expect(calls).toBe(2);
  });

  it('keeps the same location object until something changes, and follows back and other routers', () => {
    const page = fakeWindow('/');
    const history = createRouteHistory(page.host, '/');
    const first = history.location();
    history.sync();
    expect(history.location()).toBe(first);
    history.navigate('/login');
    page.back();
    expect(history.location()).toMatchObject({ pathname: '/', key: 'default' });
    // Another router (the signed-in app's) replaced the entry: sync reads it.
    page.host.history.replaceState({ usr: null, key: 'r1', idx: 0 }, '', '/login?sessionTimeout');
    history.sync();
    expect(history.location()).toMatchObject({ pathname: '/login', search: '?sessionTimeout', key: 'r1' });
  });

  it('announces every entry it writes to the other router on the page, which then reads that entry', () => {
    const page = fakeWindow('/chatroom');
    const history = createRouteHistory(page.host, '/');
    const seen = page.otherRouterSees();
    // The chat consumed a deep link's state; a login finishing late writes its own entry over it.
    history.navigate('/chatroom', { replace: true, state: { actionObj: { action: 'gotoroom' } } });
    expect(seen).toEqual([expect.objectContaining({ usr: { actionObj: { action: 'gotoroom' } } })]);
    history.navigate('/login');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ usr: null, idx: 1 });
  });

  it('joins and strips the base as react-router does', () => {
    expect(pathUnder('/', '/login')).toBe('/login');
    expect(pathUnder('/webchat', '/')).toBe('/webchat/');
    expect(pathUnder('/webchat', '/login?loginFail')).toBe('/webchat/login?loginFail');
    expect(pathBelow('/webchat', '/webchat/')).toBe('/');
    expect(pathBelow('/webchat', '/webchat')).toBe('/');
    expect(pathBelow('/webchat', '/WebChat/login')).toBe('/login');
    expect(pathBelow('/webchat', '/webchatx/login')).toBe('/webchatx/login');
  });
});
