// My own name for a person (a synonym): at most 25 characters as people count them, 'Please check the name length'
// otherwise (as the server answers too); saved, or removed where one is set.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@generated/types/index';
import { constants } from '@variant/constants';
import { Button, TextField, showToast } from '../../../ui/index.ts';
import { useSetSynonym } from '../api/synonyms.ts';
import styles from '../Contact.module.scss';

const lengthOf = (value: string) => Array.from(value.trim()).length;

export function SynonymForm({ account, current }: { account: Account; current: string | undefined }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const change = useSetSynonym();
  const max = constants.limits.synonymMaxLength;
  const name = account.userFullname || account.loginName || account.accountId;
  const run = (synonym: string | null) =>
    change.mutate(
      { accountId: account.accountId, synonym },
      {
        onSuccess: () => {
          if (synonym === null) setValue('');
          showToast(t(synonym === null ? 'contacts.synonymRemoved' : 'contacts.synonymSaved'), 'success');
        },
        onError: () => setError(t('create.nameLength')),
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = lengthOf(value);
    if (length === 0 || length > max) return setError(t('create.nameLength'));
    setError(null);
    run(value);
  };
  return (
    <form className={styles.synonym} onSubmit={submit} noValidate>
      <TextField label={t('contacts.synonymOf', { name })} value={value} error={error} hint={t('contacts.synonymHint', { max })} onChange={(event) => setValue(event.target.value)} />
      <div className={styles.synonymActions}>
        <Button type="submit" variant="secondary" busy={change.isPending}>
          {t('contacts.synonymSave')}
        </Button>
        {current ? (
          <Button variant="ghost" busy={change.isPending} onClick={() => run(null)}>
            {t('contacts.synonymRemove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
