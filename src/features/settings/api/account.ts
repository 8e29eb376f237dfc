// The signed-in account's settings as TanStack Query server state: privacy, names, profile image, language,
// password and the other sessions. Reads use the generated query options; writes update the cache they change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAccountPrivacyQuery,
  getDataStorageQuery,
  getDownloadAttachSettingQuery,
  getAccountProfileImageQuery,
  queryKeys,
  removeAccountProfileImage,
  saveAccountProfileImage,
  updateAccountLangSetting,
  updateAccountProfile,
  updateAccountPrivacyIsShowNameToGrpAcc,
  updateAccountPrivacyIsShowNotiAtMention,
  updateAccountPrivacyReadReceipt,
  updateAccountPrivacyViewPresence,
  updateAccountPrivacyViewProfile,
  updateCustomDisplayName,
  updateDownloadAttachSetting,
  updateLocalPassword,
  updateSearchName,
  logoutOtherSession,
} from '@generated/api/index';
import { unwrap } from '@generated/api/runtime';
import type { AccountProfileEditType, GetAccountProfileResponse, LangId, PrivacySettings } from '@generated/types/index';
import { useSessionStore } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';

const privacyKey = () => queryKeys.account.getAccountPrivacy({});
const profileKey = () => queryKeys.account.getAccountProfile({});

export function usePrivacy() {
  return useQuery(getAccountPrivacyQuery(chatServices().transport, {}));
}

export type PrivacyChange = { [K in keyof Required<PrivacySettings>]: { field: K; value: Required<PrivacySettings>[K] } }[keyof PrivacySettings];

async function savePrivacy(change: PrivacyChange): Promise<void> {
  const { transport } = chatServices();
  switch (change.field) {
    case 'viewPresence':
      unwrap('updateAccountPrivacyViewPresence', await updateAccountPrivacyViewPresence(transport, { viewPresence: change.value }));
      return;
    case 'viewProfile':
      unwrap('updateAccountPrivacyViewProfile', await updateAccountPrivacyViewProfile(transport, { viewProfile: change.value }));
      return;
    case 'readReceipt':
      unwrap('updateAccountPrivacyReadReceipt', await updateAccountPrivacyReadReceipt(transport, { readReceipt: change.value }));
      return;
    case 'isShowNameToGrpAcc':
      unwrap('updateAccountPrivacyIsShowNameToGrpAcc', await updateAccountPrivacyIsShowNameToGrpAcc(transport, { isShowNameToGrpAcc: change.value }));
      return;
    case 'isShowNotiAtMention':
      unwrap('updateAccountPrivacyIsShowNotiAtMention', await updateAccountPrivacyIsShowNotiAtMention(transport, { isShowNotiAtMention: change.value }));
      return;
  }
}

/** Saves one privacy choice at once; the page shows it while saving and falls back to the server's on failure. */
export function useSavePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrivacy,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: privacyKey() });
      queryClient.setQueryData<PrivacySettings>(privacyKey(), (data) => ({ ...data, [change.field]: change.value }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKey() }),
  });
}

export type NameField = 'customDisplayName' | 'searchName';

async function saveName({ field, value }: { field: NameField; value: string }): Promise<void> {
  const { transport } = chatServices();
  if (field === 'customDisplayName') unwrap('updateCustomDisplayName', await updateCustomDisplayName(transport, { customDisplayName: value }));
  else unwrap('updateSearchName', await updateSearchName(transport, { searchName: value }));
}

export function useSaveName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey() }),
  });
}

/** One directory field of my profile (updateaccountprofile); the server's refusal is thrown with its errors. */
export function useSaveProfileField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { type: AccountProfileEditType; field: string; value: string }) =>
      unwrap('updateAccountProfile', await updateAccountProfile(chatServices().transport, change)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey() }),
  });
}

function myImageBody() {
  return { accountIds: [chatServices().accountId] as [string], isFull: true };
}

/** My profile image as a data URL, or null when I have none. */
export function useMyProfileImage() {
  return useQuery({
    ...getAccountProfileImageQuery(chatServices().transport, myImageBody()),
    select: (data) => {
      const entry = data.profileImages[0];
      const base64 = entry?.img ?? entry?.img_tn;
      return base64 ? `data:image/jpeg;base64,${base64}` : null;
    },
  });
}

export function useChangeProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      const { transport } = chatServices();
      if (file) unwrap('saveAccountProfileImage', await saveAccountProfileImage(transport, {}, { files: [file] }));
      else unwrap('removeAccountProfileImage', await removeAccountProfileImage(transport, {}));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.getAccountProfileImage(myImageBody()) }),
  });
}

/** Keeps the chosen language with the account (used at the next login) and in the cached profile. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (langId: LangId) => unwrap('updateAccountLangSetting', await updateAccountLangSetting(chatServices().transport, { langId })),
    onSuccess: (_data, langId) =>
      queryClient.setQueryData<GetAccountProfileResponse>(profileKey(), (profile) =>
        profile ? { ...profile, accountInfo: { ...profile.accountInfo, langId } } : profile,
      ),
  });
}

/** The voluntary password change (settings): this session stays, the server ends every other one. */
export async function changeMyPassword(change: { oldPassword: string; newPassword: string }): Promise<boolean> {
  try {
    return (await updateLocalPassword(chatServices().transport, change)).ok;
  } catch {
    return false;
  }
}

/** Ends every other session of the account at once; this one (named by its api key) stays. */
export function useLogoutOtherSessions() {
  return useMutation({
    mutationFn: async () => {
      const apiKey = useSessionStore.getState().apiKey ?? '';
      unwrap('logoutOtherSession', await logoutOtherSession(chatServices().transport, { apiKey }));
    },
  });
}

export function useDataStorage() {
  return useQuery(getDataStorageQuery(chatServices().transport, {}));
}

export function useDownloadAttachSetting() {
  return useQuery(getDownloadAttachSettingQuery(chatServices().transport, {}));
}

export function useSaveDownloadAttach() {
  const queryClient = useQueryClient();
  const key = queryKeys.account.getDownloadAttachSetting({});
  return useMutation({
    mutationFn: async (dlAttach: boolean) => unwrap('updateDownloadAttachSetting', await updateDownloadAttachSetting(chatServices().transport, { dlAttach })),
    onSuccess: (_data, dlAttach) => queryClient.setQueryData(key, { dlAttach }),
  });
}
