// Searchable account list (getAccountList) for new chats and groups; single or multiple choice.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, EmptyState, Spinner, TextField } from '../../../ui/index.ts';
import { useAccountSearch } from '../api/data.ts';
import { useSettled } from '../hooks/useSettled.ts';
import styles from './RoomList.module.scss';

export interface AccountPickerProps {
  multiple: boolean;
  selected: string[];
  onChange: (accountIds: string[]) => void;
}

export function AccountPicker({ multiple, selected, onChange }: AccountPickerProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const settled = useSettled(filter);
  const search = useAccountSearch(settled);
  const accounts = search.isError ? [] : (search.data ?? null);

  const toggle = (accountId: string) => {
    if (!multiple) return onChange([accountId]);
    onChange(selected.includes(accountId) ? selected.filter((id) => id !== accountId) : [...selected, accountId]);
  };

  return (
    <div className={styles.picker}>
      <TextField label={t('create.searchMembers')} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      <p className={styles.pickerCount} aria-live="polite">
        {t('create.selected', { count: selected.length })}
      </p>
      {accounts === null ? <Spinner /> : null}
      {accounts !== null && accounts.length === 0 ? <EmptyState text={t('empty.user')} /> : null}
      {accounts && accounts.length > 0 ? (
        <ul className={styles.pickerList} role="list" aria-label={t('create.members')}>
          {accounts.map((account) => {
            const name = account.userFullname ?? account.loginName ?? account.accountId;
            const id = `pick-${account.accountId}`;
            return (
              <li key={account.accountId}>
                <label htmlFor={id} className={styles.pickerItem}>
                  <input
                    id={id}
                    type={multiple ? 'checkbox' : 'radio'}
                    name="account-picker"
                    checked={selected.includes(account.accountId)}
                    onChange={() => toggle(account.accountId)}
                  />
                  <Avatar name={name} />
                  <span className={styles.pickerName}>
                    <span>{name}</span>
                    {account.postTitle ? <span className={styles.postTitle}>{account.postTitle}</span> : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
