// The seed's account selector: tabs company (the directory, 30 a page), chats (the people of my single chats)
// and advanced search (the server's criteria); single or multiple choice, kept across the tabs.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@generated/types/index';
import { Button, TextField } from '../../../ui/index.ts';
import { advancedSearchSupported, useChatPeople, useAccountPages } from '../api/accounts.ts';
import { useSettled } from '../hooks/useSettled.ts';
import { AccountChoices } from './AccountChoices.tsx';
import { AdvancedSearch } from './AdvancedSearch.tsx';
import { Tabs } from './Tabs.tsx';
import styles from './RoomList.module.scss';

export interface AccountPickerProps {
  multiple: boolean;
  selected: Account[];
  onChange: (accounts: Account[]) => void;
  /** Adding to this room: the advanced search leaves out its members. */
  roomId?: string;
}

type Tab = 'company' | 'chats' | 'advanced';

export function AccountPicker({ multiple, selected, onChange, roomId }: AccountPickerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('company');
  const baseId = useId();
  const tabs: Tab[] = advancedSearchSupported() ? ['company', 'chats', 'advanced'] : ['company', 'chats'];
  const toggle = (account: Account) => {
    if (!multiple) return onChange([account]);
    const has = selected.some((one) => one.accountId === account.accountId);
    onChange(has ? selected.filter((one) => one.accountId !== account.accountId) : [...selected, account]);
  };
  const choices = { multiple, selected, onToggle: toggle, groupName: `${baseId}-pick` };
  return (
    <div className={styles.picker}>
      <Tabs
        label={t('rooms.picker.tabs')}
        tabs={tabs.map((id) => ({ id, label: t(`rooms.picker.${id}`) }))}
        value={tab}
        onChange={setTab}
        between={<p className={styles.pickerCount} aria-live="polite">{t('create.selected', { count: selected.length })}</p>}
      >
        {tab === 'company' ? <CompanyTab {...choices} /> : null}
        {tab === 'chats' ? <ChatsTab {...choices} /> : null}
        {tab === 'advanced' ? <AdvancedSearch roomId={roomId} {...choices} /> : null}
      </Tabs>
    </div>
  );
}

interface TabProps {
  multiple: boolean;
  selected: Account[];
  onToggle: (account: Account) => void;
  groupName: string;
}

function CompanyTab(props: TabProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const accounts = useAccountPages(useSettled(filter));
  return (
    <>
      <TextField label={t('create.searchMembers')} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      <AccountChoices accounts={accounts.isError ? [] : accounts.data} {...props} />
      {accounts.hasNextPage ? (
        <Button variant="ghost" busy={accounts.isFetchingNextPage} onClick={() => void accounts.fetchNextPage()}>
          {t('rooms.search.morePeople')}
        </Button>
      ) : null}
    </>
  );
}

function ChatsTab(props: TabProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const people = useChatPeople(filter);
  return (
    <>
      <TextField label={t('create.searchMembers')} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      <AccountChoices accounts={people} {...props} />
    </>
  );
}
