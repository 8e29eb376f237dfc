// Opening a person from a list (contacts, room members, search, deep link): their user info with Chat Now, or, in a
// variant without IS_SHOW_USER_INFO, straight into the single chat with them.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@generated/types/index';
import { IS_SHOW_USER_INFO } from '@variant/flags';
import { showToast, usePanelNav } from '../../ui/index.ts';
import { openSingleChat } from './data.ts';
import { userInfoPage } from './pages.tsx';

export function useOpenPerson(options: { replace?: boolean } = {}): (account: Account) => void {
  const { t } = useTranslation();
  const openRight = usePanelNav((state) => state.openRight);
  const selectRoom = usePanelNav((state) => state.selectRoom);
  const replace = options.replace ?? false;
  return useCallback(
    (account: Account) => {
      if (IS_SHOW_USER_INFO) {
        openRight(userInfoPage, { account }, { replace });
        return;
      }
      void openSingleChat(account.accountId).then((room) => (room ? selectRoom(room) : showToast(t('errors.actionFailed'))));
    },
    [openRight, selectRoom, replace, t],
  );
}
