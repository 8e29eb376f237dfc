// Composing a location (typed, or the browser's current position when the user allows it) and a contact card
// (the seed's contact card fields). Each hands the kind's JSON text to the room's send.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocateFixed } from 'lucide-react';
import { Button, Dialog, TextField } from '../../../../ui/index.ts';
import { contactFrom, locationFrom, type Checked, type ContactFields, type LocationFields } from '../../model/compose.ts';
import { CONTACT_CARD_FIELDS } from '../../../../domain/messageKinds.ts';
import styles from '../Chat.module.scss';

interface ShareProps {
  onSend: (text: string) => void;
  onClose: () => void;
}

function ShareForm<T>({ title, build, onSend, onClose, children, extra }: ShareProps & { title: string; build: () => Checked<T>; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const built = build();
    if ('error' in built) return setError(t(built.error));
    onSend(JSON.stringify(built.value));
    onClose();
  };
  return (
    <Dialog open title={title} onClose={onClose} footer={<Button onClick={() => submit()}>{t('messages.share')}</Button>}>
      <form className={styles.pollForm} onSubmit={submit} noValidate>
        {children}
        {extra}
        {error ? <p className={styles.failure} role="alert">{error}</p> : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

export function LocationDialog(props: ShareProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<LocationFields>({ name: '', address: '', latitude: '', longitude: '' });
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const field = (key: keyof LocationFields, label: string) => (
    <TextField label={label} value={fields[key]} inputMode={key === 'latitude' || key === 'longitude' ? 'decimal' : undefined} onChange={(event) => setFields((current) => ({ ...current, [key]: event.target.value }))} />
  );
  const locate = () => {
    if (!('geolocation' in navigator)) return setLocateError(t('messages.locationUnavailable'));
    setLocating(true);
    setLocateError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setFields((current) => ({ ...current, latitude: position.coords.latitude.toFixed(5), longitude: position.coords.longitude.toFixed(5) }));
      },
      () => {
        setLocating(false);
        setLocateError(t('messages.locationUnavailable'));
      },
      { timeout: 10_000 },
    );
  };
  return (
    <ShareForm
      {...props}
      title={t('messages.shareLocation')}
      build={() => locationFrom(fields)}
      extra={
        <>
          <Button type="button" variant="secondary" icon={<LocateFixed aria-hidden="true" />} busy={locating} onClick={locate}>
            {t('messages.useMyLocation')}
          </Button>
          {locateError ? <p className={styles.failure} role="status">{locateError}</p> : null}
        </>
      }
    >
      {field('name', t('messages.locationName'))}
      {field('address', t('messages.locationAddress'))}
      {field('latitude', t('messages.latitude'))}
      {field('longitude', t('messages.longitude'))}
    </ShareForm>
  );
}

/** The card fields offered for typing: the seed's list without `version`, which is the card format's, not the person's. */
const TYPED_CONTACT_FIELDS = CONTACT_CARD_FIELDS.filter((key) => key !== 'version');

export function ContactDialog(props: ShareProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<ContactFields>({});
  return (
    <ShareForm {...props} title={t('messages.shareContact')} build={() => contactFrom(fields)}>
      {TYPED_CONTACT_FIELDS.map((key) => (
        <TextField
          key={key}
          label={t(`messages.contactCard.${key}`)}
          type={key === 'email' ? 'email' : key === 'tel' ? 'tel' : key === 'url' ? 'url' : 'text'}
          value={fields[key] ?? ''}
          onChange={(event) => setFields((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
    </ShareForm>
  );
}
