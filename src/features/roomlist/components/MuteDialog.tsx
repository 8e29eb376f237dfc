// How long to mute a room: 1 hour, 8 hours, 1 day, 1 week, 2 weeks, or until a chosen time no later than two
// weeks from now (the seed's ceiling; the server refuses longer).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../../ui/index.ts';
import type { MuteChoice } from '../api/roomActions.ts';
import { MUTE_HOURS, latestMuteInput, muteUntilFromInput, toLocalInput } from '../model/mute.ts';
import styles from './RoomMenu.module.scss';

export interface MuteDialogProps {
  roomName: string;
  onMute: (choice: MuteChoice) => void;
  onClose: () => void;
}

type Picked = (typeof MUTE_HOURS)[number] | 'until';

export function MuteDialog({ roomName, onMute, onClose }: MuteDialogProps) {
  const { t } = useTranslation();
  const name = useId();
  const [picked, setPicked] = useState<Picked>(MUTE_HOURS[0]);
  const [now] = useState(() => Date.now());
  const [until, setUntil] = useState(() => toLocalInput(now + 3_600_000));
  const [error, setError] = useState(false);

  const submit = () => {
    if (picked !== 'until') return onMute({ muteHours: picked });
    const time = muteUntilFromInput(until, Date.now());
    if (time === null) return setError(true);
    onMute({ muteUntil: time });
  };

  return (
    <Dialog
      open
      title={t('rooms.mute.title', { name: roomName })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit}>{t('rooms.menu.mute')}</Button>
        </>
      }
    >
      <fieldset className={styles.muteOptions}>
        <legend>{t('rooms.mute.how')}</legend>
        {[...MUTE_HOURS, 'until' as const].map((option) => (
          <label key={option} className={styles.muteOption}>
            <input type="radio" name={name} checked={picked === option} onChange={() => setPicked(option)} />
            {t(`rooms.mute.${option === 'until' ? 'until' : `h${option}`}`)}
          </label>
        ))}
        {picked === 'until' ? (
          <input
            type="datetime-local"
            className={styles.untilInput}
            aria-label={t('rooms.mute.untilLabel')}
            min={toLocalInput(now)}
            max={latestMuteInput(now)}
            value={until}
            onChange={(event) => {
              setUntil(event.target.value);
              setError(false);
            }}
          />
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {t('rooms.mute.tooLong')}
          </p>
        ) : null}
      </fieldset>
    </Dialog>
  );
}
