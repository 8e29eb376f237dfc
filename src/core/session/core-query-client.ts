// The core's query client, published when the core (loaded on demand) is created: the app's provider hands it to
// React then. Nothing signed out reads server state, so the login page renders before it exists.
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';

export const useCoreQueryClient = create<{ client: QueryClient | null }>(() => ({ client: null }));

export function publishQueryClient(client: QueryClient): void {
  useCoreQueryClient.setState({ client });
}
