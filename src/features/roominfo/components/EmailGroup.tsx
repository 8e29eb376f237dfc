// The seed's email group screen (right panel `emailgroup`, IS_ALLOW_EMAIL_GROUP): a message about the room to one
// e-mail group, named exactly ('An exact email group name must be entered'); its address is the name at the client
// config's emailGroupMessageDomain, checked and shown before the user's own mail program opens (model/emailGroup.ts).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { Button, EmptyState, TextField, definePanelPage } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { roomTitle, useRoom } from '../../../domain/index.ts';
import { groupAddress, groupMailHref } from '../model/emailGroup.ts';
import styles from './RoomInfo.module.scss';

function EmailGroup({ params }: { params: { roomId: string } }) {
  const { t } = useTranslation();
  const room = useRoom(params.roomId);
  const domain = chatServices().clientConfig?.emailGroupMessageDomain;
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  if (!domain) return <EmptyState icon={Mail} text={t('rooms.emailGroup.noDomain')} />;
  const subject = room ? roomTitle(room) : '';

  const check = (event: FormEvent) => {
    event.preventDefault();
    const found = groupAddress(name, domain);
    setAddress(found);
    setError(found ? null : t('rooms.emailGroup.exactName'));
  };

  return (
    <div className={styles.info} data-testid="email-group">
      <p className={styles.meta}>{t('rooms.emailGroup.intro', { domain })}</p>
      <form className={styles.edit} onSubmit={check} aria-label={t('rooms.emailGroup.heading')}>
        <TextField
          label={t('rooms.emailGroup.name')}
          hint={`@${domain}`}
          value={name}
          error={error}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setName(event.target.value);
            setAddress(null);
          }}
        />
        <TextField label={t('rooms.emailGroup.message')} value={text} onChange={(event) => setText(event.target.value)} />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary">{t('rooms.emailGroup.check')}</Button>
        </div>
      </form>
      {address ? (
        <div className={styles.edit}>
          <p className={styles.meta}>
            {t('rooms.emailGroup.to')} <bdi data-testid="email-group-address">{address}</bdi>
          </p>
          <a className={styles.mailLink} href={groupMailHref(address, subject, text)} data-testid="email-group-link">
            <Mail aria-hidden="true" />
            {t('rooms.emailGroup.send')}
          </a>
        </div>
      ) : null}
    </div>
  );
}

export const emailGroupPage = definePanelPage<{ roomId: string }>('emailgroup', 'rooms.emailGroup.heading', EmailGroup);
