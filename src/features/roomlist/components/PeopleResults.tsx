// The room list search's people section: accounts matching the text, 30 at a time; one opens the person's info.
import { useTranslation } from 'react-i18next';
import type { Account } from '@generated/types/index';
import { Button, EmptyState, Spinner } from '../../../ui/index.ts';
import { AccountLine } from './AccountChoices.tsx';
import { usePeopleSearch } from '../api/search.ts';
import styles from './RoomList.module.scss';

export function PeopleResults({ text, onPerson }: { text: string; onPerson: (account: Account) => void }) {
  const { t } = useTranslation();
  const people = usePeopleSearch(text);
  return (
    <section className={styles.results} aria-label={t('rooms.search.people')}>
      <h3 className={styles.resultsHeading}>{t('rooms.search.people')}</h3>
      {people.isPending ? <Spinner /> : null}
      {people.data?.length === 0 ? <EmptyState text={t('empty.user')} /> : null}
      <ul className={styles.pageList}>
        {people.data?.map((account) => (
          <li key={account.accountId} data-testid="person-result">
            <button type="button" className={styles.pageOpen} onClick={() => onPerson(account)}>
              <AccountLine account={account} />
            </button>
          </li>
        ))}
      </ul>
      {people.hasNextPage ? (
        <Button variant="ghost" busy={people.isFetchingNextPage} onClick={() => void people.fetchNextPage()}>
          {t('rooms.search.morePeople')}
        </Button>
      ) : null}
    </section>
  );
}
