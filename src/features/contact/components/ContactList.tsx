// Contact list (left page `contactlist`): people by name with favourites first among the loaded ones (star to
// add or remove), 'No Contact Found' when none match; the directory's distribution lists and group lists by the
// same search. A person opens user info (right panel) with Chat Now.
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, Star, Users } from 'lucide-react';
import { IS_ALLOW_FAVOURITE_CONTACT } from '@variant/flags';
import type { Account } from '@generated/types/index';
import { Avatar, Button, EmptyState, IconButton, Spinner, showToast, usePanelNav } from '../../../ui/index.ts';
import { userInfoPage } from '../pages.tsx';
import { useContacts, useDistributionLists, useGroupLists, useToggleFavourite } from '../api/contacts.ts';
import styles from '../Contact.module.scss';

const nameOf = (account: Account) => account.customDisplayName || account.userFullname || account.loginName || account.accountId;

function People({ filter }: { filter: string }) {
  const { t } = useTranslation();
  const openRight = usePanelNav((state) => state.openRight);
  const contacts = useContacts(filter);
  const toggle = useToggleFavourite();
  const accounts = useMemo(() => {
    const all = contacts.data?.pages.flatMap((page) => page.accounts) ?? [];
    return [...all.filter((a) => a.isFavourite), ...all.filter((a) => !a.isFavourite)];
  }, [contacts.data]);
  if (contacts.isPending) return <Spinner />;
  if (accounts.length === 0) return <EmptyState icon={Users} text={t('empty.contact')} />;
  return (
    <>
      <ul className={styles.contactList} aria-label={t('contacts.people')}>
        {accounts.map((account) => (
          <li key={account.accountId} className={styles.contactRow} data-testid="contact">
            <button type="button" className={styles.contactOpen} onClick={() => openRight(userInfoPage, { account }, { replace: true })}>
              <Avatar name={nameOf(account)} />
              <span className={styles.contactText}>
                <bdi>{nameOf(account)}</bdi>
                {account.postTitle ? <span className={styles.label}>{account.postTitle}</span> : null}
              </span>
            </button>
            {IS_ALLOW_FAVOURITE_CONTACT ? (
              <IconButton
                icon={Star}
                label={t(account.isFavourite ? 'contacts.removeFavourite' : 'contacts.addFavourite', { name: nameOf(account) })}
                pressed={account.isFavourite ?? false}
                tone={account.isFavourite ? 'accent' : 'default'}
                onClick={() => toggle.mutate({ accountId: account.accountId, favourite: !account.isFavourite }, { onError: () => showToast(t('errors.actionFailed')) })}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {contacts.hasNextPage ? (
        <Button variant="ghost" busy={contacts.isFetchingNextPage} onClick={() => void contacts.fetchNextPage()}>
          {t('contacts.loadMore')}
        </Button>
      ) : null}
    </>
  );
}

function Directory({ filter }: { filter: string }) {
  const { t } = useTranslation();
  const lists = useDistributionLists(filter);
  const groups = useGroupLists(filter);
  const names = [
    ...(lists.data?.ldapDistributionListNames ?? []).map((list) => ({ key: `dl-${list.cn}`, name: list.cn, kind: t('contacts.distributionList') })),
    ...(groups.data?.groupList ?? []).map((group) => ({ key: `grp-${group.identifier}`, name: group.displayName ?? group.identifier, kind: t('contacts.groupList') })),
  ];
  if (names.length === 0) return null;
  return (
    <section aria-label={t('contacts.lists')}>
      <h3 className={styles.sectionHeading}>{t('contacts.lists')}</h3>
      <ul className={styles.contactList}>
        {names.map((entry) => (
          <li key={entry.key} className={styles.contactRow} data-testid="contact-group">
            <Avatar name={entry.name} group />
            <span className={styles.contactText}>
              <bdi>{entry.name}</bdi>
              <span className={styles.label}>{entry.kind}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ContactList() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const filter = useDeferredValue(query.trim());
  return (
    <div className={styles.contacts} data-testid="contact-list">
      <div className={styles.search} role="search">
        <Search aria-hidden="true" />
        <input type="search" aria-label={t('contacts.search')} placeholder={t('contacts.search')} value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      <People filter={filter} />
      <Directory filter={filter} />
    </div>
  );
}
