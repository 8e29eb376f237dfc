// Do Not Disturb (left page `dnd`): on until a preset's end or a picked date (within the date picker's range), with
// the server's presets in the UI's language; while on, messages arrive without a pop-up. Off removes the setting.
// A refused save says the seed's 'DND Fail'.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LangId } from '@generated/types/index';
import { Button, Checkbox, Spinner, TextField, showToast } from '../../../ui/index.ts';
import { useChangeDnd, useDnd, useDndSync, useDndTemplates } from '../api/dnd.ts';
import { endAfterMinutes, latestLocalInput, toLocalInput, validEnd } from '../model/dnd.ts';
import styles from './Settings.module.scss';

const CUSTOM = 'custom';

/** 'Do Not Disturb is on until …' or off, in the user's locale. */
export function dndStateText(t: (key: string, options?: Record<string, string>) => string, dnd: { dnd?: boolean; dndEndDate?: number | null }, locale: string): string {
  if (!dnd.dnd) return t('settings.dnd.off');
  return dnd.dndEndDate ? t('settings.dnd.onUntil', { end: new Date(dnd.dndEndDate).toLocaleString(locale) }) : t('settings.dnd.on');
}

export function DndSettings() {
  const { t, i18n } = useTranslation();
  useDndSync();
  const { data: dnd } = useDnd();
  const { data: templates } = useDndTemplates();
  const change = useChangeDnd();
  const [choice, setChoice] = useState<string>('');
  const [customEnd, setCustomEnd] = useState('');
  const [mute, setMute] = useState(true);
  if (!dnd || !templates) return <Spinner />;
  const lang = i18n.language as LangId;
  const locale = i18n.language.replace('_', '-');
  const fail = () => showToast(t('settings.dnd.fail'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const now = Date.now();
    const end = validEnd(choice === CUSTOM ? (customEnd ? new Date(customEnd).getTime() : null) : choice ? endAfterMinutes(Number(choice), now) : null, now);
    if (end === null) return fail();
    change.mutate({ dnd: true, dndEndDate: end, isMute: mute }, { onError: fail, onSuccess: () => showToast(t('settings.saved'), 'success') });
  };

  return (
    <div className={styles.page} data-testid="dnd-settings">
      <p className={styles.section} data-testid="dnd-state">
        {dndStateText(t, dnd, locale)}
      </p>
      {dnd.dnd ? (
        <Button variant="secondary" busy={change.isPending} onClick={() => change.mutate(null, { onError: fail })}>
          {t('settings.dnd.turnOff')}
        </Button>
      ) : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>{t('settings.dnd.period')}</legend>
          {templates.dndTemplates.map((template) => (
            <label key={template.value} className={styles.choice}>
              <input type="radio" name="dndPeriod" value={template.value} checked={choice === String(template.value)} onChange={() => setChoice(String(template.value))} />
              {template.label[lang] ?? template.label.en_US}
            </label>
          ))}
          <label className={styles.choice}>
            <input type="radio" name="dndPeriod" value={CUSTOM} checked={choice === CUSTOM} onChange={() => setChoice(CUSTOM)} />
            {t('settings.dnd.until')}
          </label>
          {choice === CUSTOM ? (
            <TextField
              label={t('settings.dnd.endDate')}
              type="datetime-local"
              min={toLocalInput(Date.now())}
              max={latestLocalInput}
              value={customEnd}
              onChange={(event) => setCustomEnd(event.target.value)}
            />
          ) : null}
        </fieldset>
        <Checkbox label={t('settings.dnd.mute')} checked={mute} onChange={(event) => setMute(event.target.checked)} />
        <Button type="submit" busy={change.isPending}>
          {t('settings.dnd.turnOn')}
        </Button>
      </form>
    </div>
  );
}
