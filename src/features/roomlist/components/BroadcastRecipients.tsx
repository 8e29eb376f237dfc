// The broadcast's recipients by the seed's selection displays, as the delegate's rights and the variant allow:
// people (the account selector), SWITCH (every list the delegate may address, switched on or off), SEARCH (lists
// found by name) and UPLOAD (a text or CSV file of login names).
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, BroadcastSelectionType, GroupListItem } from '@generated/types/index';
import { Checkbox, EmptyState, Spinner, TextField } from '../../../ui/index.ts';
import { useGroupLists } from '../api/broadcast.ts';
import { useSettled } from '../hooks/useSettled.ts';
import { listTypeFor, parseLoginNames, type BroadcastFlags, type RecipientChoice, type SelectionDisplay } from '../model/broadcastRecipients.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { Tabs } from './Tabs.tsx';
import styles from './RoomList.module.scss';

export interface RecipientState extends RecipientChoice {
  people: Account[];
}

export const noRecipients: RecipientState = { toAll: false, people: [], memberIds: [], switched: [], searched: [], loginNames: [] };

interface Props {
  delegateId: string;
  rights: BroadcastSelectionType;
  flags: BroadcastFlags;
  displays: readonly SelectionDisplay[];
  value: RecipientState;
  onChange: (next: RecipientState) => void;
}

export function BroadcastRecipients({ delegateId, rights, flags, displays, value, onChange }: Props) {
  const { t } = useTranslation();
  const [display, setDisplay] = useState<SelectionDisplay>(displays[0] ?? 'PEOPLE');
  const type = listTypeFor(rights, flags);
  const lists = { delegateId, type };
  return (
    <Tabs label={t('rooms.broadcast.recipients')} tabs={displays.map((id) => ({ id, label: t(`rooms.broadcast.display.${id}`) }))} value={display} onChange={setDisplay}>
      {display === 'PEOPLE' ? (
        <AccountPicker multiple selected={value.people} onChange={(people) => onChange({ ...value, people, memberIds: people.map((one) => one.accountId) })} />
      ) : null}
      {display === 'SWITCH' ? <SwitchLists {...lists} chosen={value.switched} onChange={(switched) => onChange({ ...value, switched })} /> : null}
      {display === 'SEARCH' ? <SearchLists {...lists} chosen={value.searched} onChange={(searched) => onChange({ ...value, searched })} /> : null}
      {display === 'UPLOAD' ? <UploadList names={value.loginNames} onChange={(loginNames) => onChange({ ...value, loginNames })} /> : null}
    </Tabs>
  );
}

interface ListProps {
  delegateId: string;
  type: BroadcastSelectionType;
  chosen: readonly GroupListItem[];
  onChange: (next: GroupListItem[]) => void;
}

function ListChoices({ items, chosen, onChange, asSwitch }: { items: GroupListItem[] | undefined; chosen: readonly GroupListItem[]; onChange: (next: GroupListItem[]) => void; asSwitch: boolean }) {
  const { t } = useTranslation();
  if (items === undefined) return <Spinner />;
  if (items.length === 0) return <EmptyState text={t('rooms.broadcast.noLists')} />;
  const has = (item: GroupListItem) => chosen.some((one) => one.identifier === item.identifier);
  return (
    <ul className={styles.pickerList} aria-label={t('rooms.broadcast.lists')}>
      {items.map((item) => (
        <li key={`${item.type ?? ''}:${item.identifier}`} className={styles.pickerItem}>
          <Checkbox
            role={asSwitch ? 'switch' : undefined}
            label={`${item.displayName ?? item.identifier} · ${t(`rooms.broadcast.listType.${item.type === 'DL' ? 'DL' : 'GROUP'}`)}`}
            checked={has(item)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, item] : chosen.filter((one) => one.identifier !== item.identifier))}
          />
        </li>
      ))}
    </ul>
  );
}

function SwitchLists({ delegateId, type, chosen, onChange }: ListProps) {
  const lists = useGroupLists(type, delegateId, '', true);
  return <ListChoices items={lists.isError ? [] : lists.data} chosen={chosen} onChange={onChange} asSwitch />;
}

function SearchLists({ delegateId, type, chosen, onChange }: ListProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const settled = useSettled(text).trim();
  const lists = useGroupLists(type, delegateId, settled, settled !== '');
  // Chosen lists stay listed while the search moves on, so they can be unticked.
  const found = settled === '' ? [...chosen] : lists.isError ? [] : lists.data && [...chosen, ...lists.data.filter((item) => !chosen.some((one) => one.identifier === item.identifier))];
  return (
    <>
      <TextField label={t('rooms.broadcast.searchLists')} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      {settled !== '' || chosen.length > 0 ? <ListChoices items={found} chosen={chosen} onChange={onChange} asSwitch={false} /> : null}
    </>
  );
}

function UploadList({ names, onChange }: { names: readonly string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation();
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    onChange(file ? parseLoginNames(await file.text()) : []);
  };
  return (
    <>
      <label className={styles.field}>
        {t('rooms.broadcast.uploadLabel')}
        <input type="file" accept=".txt,.csv,text/plain,text/csv" onChange={(event) => void read(event)} />
      </label>
      <p className={styles.pickerCount} aria-live="polite">
        {t('rooms.broadcast.uploaded', { count: names.length })}
      </p>
      {names.length > 0 ? (
        <ul className={styles.pickerList} aria-label={t('rooms.broadcast.uploadedNames')}>
          {names.map((name) => (
            <li key={name} className={styles.pickerItem}>
              <bdi>{name}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
