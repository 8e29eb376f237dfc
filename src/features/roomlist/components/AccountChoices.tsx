// A list of accounts to tick (several) or choose (one), as the account selector's tabs show them.
import { useTranslation } from 'react-i18next';
import type { Account } from '@generated/types/index';
import { Avatar, EmptyState, Spinner } from '../../../ui/index.ts';
import styles from './RoomList.module.scss';

export interface AccountChoicesProps {
  /** undefined while loading. */
  accounts: Account[] | undefined;
  multiple: boolean;
  selected: Account[];
  onToggle: (account: Account) => void;
  /** The radio group's name (one choice). */
  groupName: string;
}

export const accountName = (account: Account): string => account.userFullname || account.loginName || account.accountId;

/** An account's avatar, name, my synonym for them (why a search may have found them) and post title. */
export function AccountLine({ account }: { account: Account }) {
  const { t } = useTranslation();
  const name = accountName(account);
  return (
    <>
      <Avatar name={name} />
      <span className={styles.pickerName}>
        <bdi>{name}</bdi>
        {account.synonym ? <span className={styles.postTitle}>{t('contacts.myName', { synonym: account.synonym })}</span> : null}
        {account.postTitle ? <span className={styles.postTitle}>{account.postTitle}</span> : null}
      </span>
    </>
  );
}

export function AccountChoices({ accounts, multiple, selected, onToggle, groupName }: AccountChoicesProps) {
  const { t } = useTranslation();
  if (accounts === undefined) return <Spinner />;
  if (accounts.length === 0) return <EmptyState text={t('empty.user')} />;
  return (
    <ul className={styles.pickerList} role="list" aria-label={t('create.members')}>
      {accounts.map((account) => {
        const id = `${groupName}-${account.accountId}`;
        return (
          <li key={account.accountId}>
            <label htmlFor={id} className={styles.pickerItem}>
              <input
                id={id}
                type={multiple ? 'checkbox' : 'radio'}
                name={groupName}
                checked={selected.some((one) => one.accountId === account.accountId)}
                onChange={() => onToggle(account)}
              />
              <AccountLine account={account} />
            </label>
          </li>
        );
      })}
    </ul>
  );
}
