// The contact's right-panel page: user info with Chat Now, which opens (or creates) the single chat.
import { useTranslation } from 'react-i18next';
import type { Account } from '@generated/types/index';
import { definePanelPage, showToast, usePanelNav } from '../../ui/index.ts';
import { openSingleChat } from './data.ts';
import { UserInfoBody } from './UserInfoBody.tsx';

function UserInfoPage({ params }: { params: { account: Account } }) {
  const { t } = useTranslation();
  const selectRoom = usePanelNav((state) => state.selectRoom);
  const chatNow = async (account: Account) => {
    const single = await openSingleChat(account.accountId);
    if (single) selectRoom(single);
    else showToast(t('errors.actionFailed'));
  };
  return <UserInfoBody account={params.account} onChatNow={(account) => void chatNow(account)} />;
}

export const userInfoPage = definePanelPage<{ account: Account }>('userInfo', 'contact.heading', UserInfoPage);
