import { beforeEach, describe, expect, it, vi } from 'vitest';

// The session core stands in for itself: these tests are about when it is loaded, not what it does.
const core = vi.hoisted(() => ({
  stored: null as object | null,
  /** The core's chunk fails to load (one mock whose factory throws: two vi.doMock calls of one path may race). */
  loadFails: false,
  appCore: vi.fn(),
  resumeStoredSession: vi.fn(async () => 'resumed' as const),
  signIn: vi.fn(async () => ({ kind: 'signedIn' as const })),
}));

vi.mock('./session-vault.ts', () => ({
  browserSessionVault: () => ({ load: async () => core.stored }),
}));

async function onDemand() {
  vi.resetModules();
  return import('./on-demand.ts');
}

beforeEach(() => {
  core.stored = null;
  core.loadFails = false;
  vi.clearAllMocks();
  vi.doMock('./runtime.ts', () => {
    if (core.loadFails) throw new Error('chunk failed to load');
    return { appCore: core.appCore, resumeStoredSession: core.resumeStoredSession, signIn: core.signIn };
  });
});

describe('the session core on demand', () => {
  it('signs the page out at once when nothing is stored, and creates the core behind it', async () => {
    const { startSession } = await onDemand();
    const { useSessionPhase } = await import('./phase.ts');
    expect(await startSession()).toBe('none');
    expect(useSessionPhase.getState()).toMatchObject({ phase: 'signedOut', endedBy: null });
    expect(core.resumeStoredSession).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(core.appCore).toHaveBeenCalledTimes(1));
  });

  it('resumes through the core when a session is stored', async () => {
    core.stored = { sessionId: 's1' };
    const { startSession } = await onDemand();
    expect(await startSession()).toBe('resumed');
    expect(core.resumeStoredSession).toHaveBeenCalledTimes(1);
  });

  it('reports a core that cannot be loaded as a server error, keeping the stored session', async () => {
    core.loadFails = true;
    core.stored = { sessionId: 's1' };
    const { signIn, startSession } = await onDemand();
    expect(await signIn('alice', 'secret', 'en_US')).toEqual({ kind: 'serverError' });
    expect(await startSession()).toBe('serverError');
    const { useSessionPhase } = await import('./phase.ts');
    expect(useSessionPhase.getState()).toMatchObject({ phase: 'signedOut', resumeFailed: true });
  });

  it('signs in through the loaded core', async () => {
    const { signIn } = await onDemand();
    expect(await signIn('alice', 'secret', 'en_US')).toEqual({ kind: 'signedIn' });
    expect(core.signIn).toHaveBeenCalledWith('alice', 'secret', 'en_US');
  });
});
