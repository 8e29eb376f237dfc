// The account selector's advanced search: the server's criteria in their order (text, date, and options with
// one or several choices), then the matching accounts to choose from, 30 at a time.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, AdvancedSearchRequest, SearchCriterion } from '@generated/types/index';
import { Button, Checkbox, Spinner, TextField, showToast } from '../../../ui/index.ts';
import { useAdvancedSearch, useSearchCriteria } from '../api/accounts.ts';
import { criteriaRequest, labelIn, type CriteriaValues } from '../model/accountSources.ts';
import { AccountChoices } from './AccountChoices.tsx';
import pickerStyles from './AccountPicker.module.scss';
import styles from './RoomList.module.scss';

interface AdvancedSearchProps {
  roomId?: string;
  multiple: boolean;
  selected: Account[];
  onToggle: (account: Account) => void;
  groupName: string;
}

export function AdvancedSearch({ roomId, ...choices }: AdvancedSearchProps) {
  const { t } = useTranslation();
  const criteria = useSearchCriteria(true);
  const [request, setRequest] = useState<Omit<AdvancedSearchRequest, 'pageInfo'> | null>(null);
  const search = useAdvancedSearch(request);
  const [values, setValues] = useState<CriteriaValues>({});
  const [error, setError] = useState<string | null>(null);
  const set = (fieldName: string, next: readonly string[]) => {
    setValues((current) => ({ ...current, [fieldName]: next }));
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const searchCriteria = criteriaRequest(values);
    if (!searchCriteria) return setError(t('rooms.picker.fillCriterion'));
    setRequest({ ...(roomId ? { roomId } : {}), searchCriteria });
  };
  useEffect(() => {
    if (search.isError) showToast(t('errors.actionFailed'), 'error');
  }, [search.isError, t]);
  if (criteria.isPending) return <Spinner />;
  return (
    <>
      <form className={pickerStyles.criteria} aria-label={t('rooms.picker.advanced')} onSubmit={submit}>
        {(criteria.data ?? []).map((criterion) => (
          <Criterion key={criterion.fieldName} criterion={criterion} value={values[criterion.fieldName] ?? []} onChange={(next) => set(criterion.fieldName, next)} />
        ))}
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={search.isFetching && !search.isFetchingNextPage}>
          {t('rooms.picker.search')}
        </Button>
      </form>
      {search.data ? <AccountChoices accounts={search.data} {...choices} /> : null}
      {search.hasNextPage ? (
        <Button variant="ghost" busy={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          {t('rooms.search.morePeople')}
        </Button>
      ) : null}
    </>
  );
}

function Criterion({ criterion, value, onChange }: { criterion: SearchCriterion; value: readonly string[]; onChange: (next: readonly string[]) => void }) {
  const { i18n } = useTranslation();
  const label = labelIn(criterion.display, i18n.language, criterion.fieldName);
  if (criterion.type !== 'SELECT') {
    const type = criterion.type === 'DATE' ? 'date' : 'text';
    return <TextField label={label} type={type} value={value[0] ?? ''} onChange={(event) => onChange([event.target.value])} />;
  }
  const options = criterion.options ?? [];
  if (criterion.isAllowMultiSelect) {
    return (
      <fieldset className={pickerStyles.options}>
        <legend>{label}</legend>
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={labelIn(option.display, i18n.language, option.value)}
            checked={value.includes(option.value)}
            onChange={(event) => onChange(event.target.checked ? [...value, option.value] : value.filter((one) => one !== option.value))}
          />
        ))}
      </fieldset>
    );
  }
  return (
    <label className={styles.field}>
      {label}
      <select className={styles.select} value={value[0] ?? ''} onChange={(event) => onChange([event.target.value])}>
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {labelIn(option.display, i18n.language, option.value)}
          </option>
        ))}
      </select>
    </label>
  );
}
