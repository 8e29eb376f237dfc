// The signed-in user's profile (getAccountProfile) as TanStack Query server state. The login already fetched it
// (IM_USER check), so sign-in seeds the cache with that answer; a USER_PROFILE_UPDATE of mine refetches it.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { accountKeys, getAccountProfileQuery } from '@generated/api/account';
import type { GetAccountProfileResponse } from '@generated/types/index';
import { useNotifications } from './notifications.ts';
import { chatServices } from './services.ts';

export const profileKey = () => accountKeys.getAccountProfile({});

export function seedProfile(queryClient: QueryClient, profile: GetAccountProfileResponse | null): void {
  if (profile) queryClient.setQueryData(profileKey(), profile);
}

export function useProfile() {
  return useQuery(getAccountProfileQuery(chatServices().transport, {}));
}

/** The name others see: the profile's full name, else the login name. */
export function displayNameOf(profile: GetAccountProfileResponse | undefined, loginName: string): string {
  return profile?.accountInfo.userFullname || profile?.accountInfo.loginName || loginName;
}

/** Refetches the profile when the server says mine changed. */
export function useProfileSync(): void {
  const queryClient = useQueryClient();
  useNotifications((notification, { accountId }) => {
    if (notification.notifyType !== 'USER_PROFILE_UPDATE') return;
    if (notification.senderId !== accountId && notification.dataId !== accountId) return;
    void queryClient.invalidateQueries({ queryKey: profileKey() });
  });
}
