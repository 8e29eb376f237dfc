// People's names as they change while the viewer is signed in. The server tells the members of a person's rooms
// when that person takes a new name (USER_PROFILE_UPDATE, with the account); the messages already shown carry the
// name their sender had when they were read (messageUsername), so the newest name of each such account is kept in
// the session's query cache and every sender's name shown reads it first.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Account } from '@generated/types/index';

/** accountId → the name that account took while this session was signed in. */
export type LiveNames = Readonly<Record<string, string>>;

const liveNamesKey = ['people', 'liveNames'] as const;

/** The name others see of a person: the display name they chose, else their full name, else the login name. */
export function personName(account: Pick<Account, 'accountId' | 'customDisplayName' | 'userFullname' | 'loginName'>): string {
  return account.customDisplayName || account.userFullname || account.loginName || account.accountId;
}

export function rememberName(queryClient: QueryClient, accountId: string, name: string): void {
  queryClient.setQueryData<LiveNames>(liveNamesKey, (names) => ({ ...names, [accountId]: name }));
}

/** The names learnt from the server's notices; a reload of every query (after a reconnect) keeps them. */
export function useLiveNames(): LiveNames {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: liveNamesKey,
    queryFn: () => queryClient.getQueryData<LiveNames>(liveNamesKey) ?? {},
    initialData: {},
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** A sender's name as shown now: the newest one the server told of, else the one the message carries. */
export function liveName(names: LiveNames, accountId: string | undefined, carried: string | undefined): string | undefined {
  return (accountId !== undefined ? names[accountId] : undefined) ?? carried;
}
