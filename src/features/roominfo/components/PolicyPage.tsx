// The seed's editroompolicy page (right panel): every policy entry of the room in its group and order, with its
// value kind (member role, on/off, number with 0 = no limit); read-only where `allowEdit` is false or the member
// may not edit policies; saved together, 'Save Policy Fail' when the server refuses.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getRoomPolicyQuery, updateRoomPolicy } from '@generated/api/rooms';
import { queryKeys } from '@generated/api/index';
import type { RoomPolicyEntry, RoomPolicyUpdate } from '@generated/types/index';
import { Button, EmptyState, Spinner, definePanelPage, showToast } from '../../../ui/index.ts';
import { useFunctionRoles, useRoom } from '../../../domain/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { roomInfoPermissions } from '../model/permissions.ts';
import { groupPolicy, policyChanges, validValue, type PolicyDraft } from '../model/policyForm.ts';
import styles from './RoomInfo.module.scss';

const ROLE_VALUES = [0, 1, 2, 3] as const;

function PolicyValue({ entry, value, editable, onChange }: { entry: RoomPolicyEntry; value: number; editable: boolean; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const label = t(`rooms.policy.keys.${entry.attr}`);
  if (entry.type === 'BOOLEAN') {
    return <input type="checkbox" aria-label={label} checked={value === 1} disabled={!editable} onChange={(event) => onChange(event.target.checked ? 1 : 0)} />;
  }
  if (entry.type === 'NUMBER') {
    return (
      <input
        className={styles.small}
        type="number"
        min={0}
        step={1}
        aria-label={label}
        aria-describedby="policy-number-hint"
        value={value}
        disabled={!editable}
        onChange={(event) => onChange(event.target.value === '' ? 0 : Number(event.target.value))}
      />
    );
  }
  return (
    <select className={styles.small} aria-label={label} value={value} disabled={!editable} onChange={(event) => onChange(Number(event.target.value))}>
      {ROLE_VALUES.map((role) => (
        <option key={role} value={role}>
          {t(`rooms.policy.roles.r${role}`)}
        </option>
      ))}
    </select>
  );
}

function PolicyPage({ params }: { params: { roomId: string } }) {
  const { t } = useTranslation();
  const { roomId } = params;
  const room = useRoom(roomId);
  const roles = useFunctionRoles();
  const policy = useQuery(getRoomPolicyQuery(chatServices().transport, { roomId }));
  const [draft, setDraft] = useState<PolicyDraft>({});
  const [busy, setBusy] = useState(false);
  const canEdit = room ? roomInfoPermissions(room, roles).editPolicy : false;

  if (policy.isPending) return <Spinner />;
  if (!policy.data) return <EmptyState text={t('empty.record')} />;
  const entries = policy.data.policy;
  const changes = policyChanges(entries, draft);
  const invalid = entries.some((entry) => draft[entry.attr] !== undefined && !validValue(entry, draft[entry.attr] ?? 0));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const [first, ...rest] = changes;
    if (!first || invalid) return;
    setBusy(true);
    const result = await updateRoomPolicy(chatServices().transport, { roomId, policyAttr: [first, ...rest] as [RoomPolicyUpdate, ...RoomPolicyUpdate[]] });
    setBusy(false);
    if (!result.ok) return showToast(t('rooms.policy.saveFail'), 'error');
    showToast(t('rooms.policy.saved'), 'success');
    setDraft({});
    await chatServices().queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
  };

  return (
    <form className={styles.info} onSubmit={(event) => void save(event)} aria-label={t('rooms.policy.heading')} data-testid="room-policy">
      {groupPolicy(entries).map(({ group, entries: groupEntries }) => (
        <fieldset key={group} className={styles.policyGroup}>
          <legend className={styles.heading}>{t(`rooms.policy.groups.${group}`, { defaultValue: group })}</legend>
          {groupEntries.map((entry) => {
            const editable = canEdit && entry.allowEdit !== false;
            return (
              <div key={entry.attr} className={styles.policyRow} data-testid="policy-row" data-attr={entry.attr}>
                <span className={styles.policyLabel}>
                  {t(`rooms.policy.keys.${entry.attr}`)}
                  {entry.allowEdit === false ? <span className={styles.meta}> · {t('rooms.policy.fixed')}</span> : null}
                </span>
                <PolicyValue entry={entry} value={draft[entry.attr] ?? entry.value} editable={editable} onChange={(value) => setDraft((current) => ({ ...current, [entry.attr]: value }))} />
              </div>
            );
          })}
        </fieldset>
      ))}
      <p id="policy-number-hint" className={styles.meta}>
        {t('rooms.policy.numberHint')}
      </p>
      {invalid ? (
        <p className={styles.error} role="alert">
          {t('errors.inputNotValid')}
        </p>
      ) : null}
      {canEdit ? (
        <div className={styles.actions}>
          <Button type="submit" busy={busy} disabled={changes.length === 0 || invalid}>
            {t('rooms.policy.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

export const editRoomPolicyPage = definePanelPage<{ roomId: string }>('editroompolicy', 'rooms.policy.heading', PolicyPage);
