// TanStack Query's context, given the session core's client once the core is loaded (see
// core/session/on-demand.ts). The element stays the same before and after, so nothing remounts when it arrives;
// the client is mounted here as QueryClientProvider would (focus and online events).
import { useEffect, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useCoreQueryClient } from '../core/session/core-query-client.ts';

export function CoreQueryProvider({ children }: { children: ReactNode }) {
  const client = useCoreQueryClient((state) => state.client);
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
