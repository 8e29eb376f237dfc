// The self-destruct timer: on or off, and how long messages sent afterwards live (a number and a unit).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelfDestructTime, SelfDestructTimeUnit } from '@generated/types/index';
import { Button, Checkbox } from '../../../ui/index.ts';
import { roomChanges } from '../api/data.ts';
import { SELF_DESTRUCT_UNITS, parseTimer } from '../model/selfDestruct.ts';
import { useChange } from './useChange.ts';
import styles from './RoomInfo.module.scss';

export function SelfDestructForm({ roomId, current, editable }: { roomId: string; current: SelfDestructTime | undefined; editable: boolean }) {
  const { t } = useTranslation();
  const run = useChange();
  const [enabled, setEnabled] = useState(current !== undefined);
  const [value, setValue] = useState(String(current?.value ?? 1));
  const [unit, setUnit] = useState<SelfDestructTimeUnit>(current?.unit ?? 'day');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const timer = parseTimer(value, unit);
    if (enabled && !timer) return setInvalid(true);
    setBusy(true);
    await run(roomChanges.selfDestruct(roomId, enabled, enabled ? (timer ?? undefined) : undefined), t('rooms.info.selfDestructSaved'));
    setBusy(false);
  };

  if (!editable) {
    return <p className={styles.meta}>{current ? t('rooms.info.selfDestructOn', { value: current.value, unit: t(`rooms.info.units.${current.unit}`) }) : t('rooms.info.selfDestructOff')}</p>;
  }
  return (
    <form className={styles.timer} onSubmit={(event) => void save(event)} aria-label={t('rooms.info.selfDestruct')}>
      <Checkbox label={t('rooms.info.selfDestructEnable')} checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
      {enabled ? (
        <div className={styles.timerFields}>
          <input
            className={styles.small}
            inputMode="numeric"
            aria-label={t('rooms.info.selfDestructValue')}
            aria-invalid={invalid || undefined}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setInvalid(false);
            }}
          />
          <select className={styles.small} aria-label={t('rooms.info.selfDestructUnit')} value={unit} onChange={(event) => setUnit(event.target.value as SelfDestructTimeUnit)}>
            {SELF_DESTRUCT_UNITS.map((option) => (
              <option key={option} value={option}>
                {t(`rooms.info.units.${option}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {invalid ? (
        <p className={styles.error} role="alert">
          {t('errors.inputNotValid')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" busy={busy}>
          {t('rooms.info.save')}
        </Button>
      </div>
    </form>
  );
}
