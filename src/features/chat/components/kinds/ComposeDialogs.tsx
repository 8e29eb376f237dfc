// Composing the kinds that are not typed: a poll (topic required, 2 to 8 options) and a sticker from the
// server's categories.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { getStickerCategoriesQuery, getStickersQuery } from '@generated/api/content';
import { Button, Checkbox, Dialog, IconButton, Spinner, TextField, showToast } from '../../../../ui/index.ts';
import { chatServices } from '../../../../core/session/services.ts';
import { sendDirect } from '../../api/data.ts';
import { POLL_MAX_OPTIONS, pollFrom } from '../../model/poll.ts';
import styles from '../Chat.module.scss';

export function CreatePollDialog({ roomId, onClose }: { roomId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [topic, setTopic] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const poll = pollFrom(topic, options, multiple);
    if ('error' in poll) return setError('params' in poll ? t(poll.error, poll.params) : t(poll.error));
    setBusy(true);
    const sent = await sendDirect(roomId, { type: 'POLLING', messagePolling: poll }).catch(() => false);
    setBusy(false);
    if (sent) onClose();
    else showToast(t('errors.actionFailed'));
  };
  return (
    <Dialog
      open
      title={t('messages.createPoll')}
      onClose={onClose}
      footer={
        <Button busy={busy} onClick={() => void submit()}>
          {t('messages.create')}
        </Button>
      }
    >
      <form className={styles.pollForm} onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t('messages.pollTopic')} value={topic} maxLength={500} onChange={(event) => setTopic(event.target.value)} />
        {options.map((option, index) => (
          <div key={index} className={styles.pollFormOption}>
            <TextField
              label={t('messages.pollOption', { n: index + 1 })}
              value={option}
              onChange={(event) => setOptions((current) => current.map((value, at) => (at === index ? event.target.value : value)))}
            />
            <IconButton icon={X} label={t('messages.removeOption', { n: index + 1 })} onClick={() => setOptions((current) => current.filter((_, at) => at !== index))} />
          </div>
        ))}
        <Button type="button" variant="ghost" icon={<Plus aria-hidden="true" />} disabled={options.length >= POLL_MAX_OPTIONS} onClick={() => setOptions((current) => [...current, ''])}>
          {t('messages.addOption')}
        </Button>
        <Checkbox label={t('messages.pollMultipleLabel')} checked={multiple} onChange={(event) => setMultiple(event.target.checked)} />
        {error ? <p className={styles.failure} role="alert">{error}</p> : null}
      </form>
    </Dialog>
  );
}

export function StickerPicker({ roomId, onClose }: { roomId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { transport } = chatServices();
  const categories = useQuery({ ...getStickerCategoriesQuery(transport, {}), staleTime: Infinity });
  const active = (categories.data?.stickerCategories ?? []).filter((category) => (category.stickerCategoryStatus ?? 'ACTIVE') === 'ACTIVE');
  const [picked, setPicked] = useState<string | null>(null);
  const categoryId = picked ?? active[0]?.stickerCategoryId ?? '';
  const stickers = useQuery({ ...getStickersQuery(transport, { stickerCategoryId: categoryId }), enabled: categoryId !== '', staleTime: Infinity });
  const send = async (stickerId: string) => {
    const sent = await sendDirect(roomId, { type: 'STICKER', text: JSON.stringify({ stickerCategoryId: categoryId, stickerId }) }).catch(() => false);
    if (sent) onClose();
    else showToast(t('errors.actionFailed'));
  };
  return (
    <Dialog open title={t('messages.stickers')} onClose={onClose}>
      {categories.isPending ? <Spinner /> : null}
      <div className={styles.tabs} role="group" aria-label={t('messages.stickers')}>
        {active.map((category) => (
          <button
            key={category.stickerCategoryId}
            type="button"
            className={styles.stickerTray}
            aria-pressed={category.stickerCategoryId === categoryId}
            aria-label={category.name}
            title={category.name}
            onClick={() => setPicked(category.stickerCategoryId)}
          >
            {category.trayImageFile?.startsWith('data:image/') ? <img src={category.trayImageFile} alt="" /> : category.name}
          </button>
        ))}
      </div>
      <ul className={styles.stickerGrid} data-testid="sticker-grid">
        {(stickers.data?.stickers ?? []).map((sticker) => (
          <li key={sticker.stickerId}>
            <button type="button" className={styles.stickerChoice} aria-label={sticker.emojis ?? t('messages.sticker')} onClick={() => void send(sticker.stickerId)}>
              {sticker.imageFile?.startsWith('data:image/') ? <img src={sticker.imageFile} alt="" /> : null}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
