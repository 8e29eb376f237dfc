// The seed's user info page (right panel): who the account is and how to reach them, with Chat Now.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import type { Account } from '@generated/types/index';
import { Avatar, Button } from '../../ui/index.ts';
import { synonymsSupported, useSynonymOf } from './api/synonyms.ts';
import { SynonymForm } from './components/SynonymForm.tsx';
import styles from './Contact.module.scss';

export interface UserInfoBodyProps {
  account: Account;
  /** Without it (the single chat's own info) there is no 'Chat Now'. */
  onChatNow?: (account: Account) => void;
}

export function UserInfoBody({ account, onChatNow }: UserInfoBodyProps) {
  const { t } = useTranslation();
  const name = account.userFullname || account.loginName || account.accountId;
  const withSynonym = synonymsSupported();
  const mine = useSynonymOf(account.accountId, withSynonym);
  const nameId = useId();
  const rows: [label: string, value: string | undefined][] = [
    [t('contact.loginName'), account.loginName],
    [t('contact.postTitle'), account.postTitle],
    [t('departmentTitle'), account.tenantFullname],
    [t('contact.email'), account.emailAddr],
    [t('contact.telephone'), account.telNo],
    [t('contact.fax'), account.faxNo],
    [t('contact.office'), account.officeAddr],
  ];
  return (
    // Named after the person: the user info page around it is already the 'User Info' region, and two regions with
    // one name cannot be told apart by a screen reader's landmark list.
    <section className={styles.userInfo} aria-labelledby={nameId} data-testid="user-info">
      <div className={styles.identity}>
        <Avatar name={name} />
        <h3 id={nameId} className={styles.name}>
          <bdi>{name}</bdi>
        </h3>
      </div>
      <dl className={styles.details}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className={styles.detail}>
              <dt className={styles.label}>{label}</dt>
              <dd className={styles.value}>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
      </dl>
      {withSynonym && mine.loaded ? <SynonymForm key={mine.synonym ?? ''} account={account} current={mine.synonym} /> : null}
      {onChatNow ? (
        <Button icon={<MessageCircle />} onClick={() => onChatNow(account)}>
          {t('contact.chatNow')}
        </Button>
      ) : null}
    </section>
  );
}
