// Contact list (left page `contactlist`): people by name with favourites first among the loaded ones (star to
// add or remove), 'No Contact Found' when none match; the directory's distribution lists and group lists by the
// same search; a distribution list opens to its members, each of whom opens their user info. A person opens user
// info (right panel) with Chat Now.
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronRight, Search, Star, Users } from 'lucide-react';
import { IS_ALLOW_FAVOURITE_CONTACT } from '@variant/flags';
import { Avatar, Button, EmptyState, IconButton, Spinner, showToast } from '../../../ui/index.ts';
import { useOpenPerson } from '../openPerson.ts';
import { useContacts, useDistributionListMembers, useDistributionLists, useGroupLists, useToggleFavourite } from '../api/contacts.ts';
import { findAccount } from '../data.ts';
import { personName } from '../../../domain/index.ts';
import styles from '../Contact.module.scss';

const nameOf = personName;

function People({ filter }: { filter: string }) {
  const { t } = useTranslation();
  const openPerson = useOpenPerson({ replace: true });
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
            <button type="button" className={styles.contactOpen} onClick={() => openPerson(account)}>
              <Avatar name={nameOf(account)} />
              <span className={styles.contactText}>
                <bdi>{nameOf(account)}</bdi>
                {account.synonym ? <span className={styles.label}>{t('contacts.myName', { synonym: account.synonym })}</span> : null}
                {account.postTitle ? <span className={styles.label}>{account.postTitle}</span> : null}
              </span>
            </button>
            {IS_ALLOW_FAVOURITE_CONTACT ? (
              <IconButton
                icon={Star}
                label={t(account.isFavourite ? 'contacts.removeFavourite' : 'contacts.addFavourite', { name: nameOf(account) })}
                pressed={account.isFavourite ?? false}
                tone={account.isFavourite ? 'accent' : 'default'}
                className={account.isFavourite ? styles.favourite : undefined}
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

/** A distribution list that opens to its members; a member with a chat account opens their user info. */
function DistributionList({ cn, name }: { cn: string; name: string }) {
  const { t } = useTranslation();
  const openPerson = useOpenPerson({ replace: true });
  const [open, setOpen] = useState(false);
  const members = useDistributionListMembers(name, open);
  const showMember = async (loginName: string) => {
    const account = await findAccount({ loginName }).catch(() => null);
    if (account) openPerson(account);
    else showToast(t('contacts.noChatAccount', { name: loginName }));
  };
  return (
    <li className={styles.groupEntry} data-testid="contact-group">
      <button type="button" className={styles.contactOpen} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        <Avatar name={cn} group />
        <span className={styles.contactText}>
          <bdi>{cn}</bdi>
          <span className={styles.label}>{t('contacts.distributionList')}</span>
        </span>
      </button>
      {open ? (
        members.isPending ? (
          <Spinner />
        ) : (
          <ul className={styles.memberList} aria-label={t('contacts.membersOf', { name: cn })}>
            {(members.data?.ldapDistributionListMembers ?? []).map((member) => (
              <li key={member.samaccountname} data-testid="dl-member">
                <button type="button" className={styles.contactOpen} onClick={() => void showMember(member.samaccountname)}>
                  <Avatar name={member.samaccountname} />
                  <bdi>{member.samaccountname}</bdi>
                </button>
              </li>
            ))}
            {members.data?.ldapDistributionListMembers.length === 0 ? <li>{t('contacts.noMembers')}</li> : null}
          </ul>
        )
      ) : null}
    </li>
  );
}

function Directory({ filter }: { filter: string }) {
  const { t } = useTranslation();
  const lists = useDistributionLists(filter);
  const groups = useGroupLists(filter);
  const distributionLists = lists.data?.ldapDistributionListNames ?? [];
  const groupLists = groups.data?.groupList ?? [];
  if (distributionLists.length === 0 && groupLists.length === 0) return null;
  return (
    <section aria-label={t('contacts.lists')}>
      <h3 className={styles.sectionHeading}>{t('contacts.lists')}</h3>
      <ul className={styles.contactList}>
        {distributionLists.map((list) => (
          <DistributionList key={`dl-${list.distinguishedname ?? list.cn}`} cn={list.cn} name={list.distinguishedname ?? list.cn} />
        ))}
        {groupLists.map((group) => {
          const name = group.displayName ?? group.identifier;
          return (
            <li key={`grp-${group.identifier}`} className={styles.contactRow} data-testid="contact-group">
              <Avatar name={name} group />
              <span className={styles.contactText}>
                <bdi>{name}</bdi>
                <span className={styles.label}>{t('contacts.groupList')}</span>
              </span>
            </li>
          );
        })}
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
