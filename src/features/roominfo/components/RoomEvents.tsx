// Room events (right panel): the room's calendar entries and the form to add one (title, content, start and
// end within 1970-01-01..2090-12-31); the author or a room admin deletes one.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Trash2 } from 'lucide-react';
import { deleteRoomEvent, getRoomEventsQuery, saveRoomEvent } from '@generated/api/rooms';
import { queryKeys } from '@generated/api/index';
import { constants } from '@variant/constants';
import { Button, EmptyState, IconButton, Spinner, TextField, definePanelPage, showToast } from '../../../ui/index.ts';
import { errorMessage } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { checkEvent } from '../model/events.ts';
import styles from './RoomInfo.module.scss';

function EventForm({ roomId, onSaved }: { roomId: string; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { datePickerMin, datePickerMax } = constants.limits;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEvent(title, start, end);
    if ('error' in checked) return setError(t(checked.error));
    setBusy(true);
    const { transport, queryClient } = chatServices();
    const result = await saveRoomEvent(transport, { roomId, title: title.trim(), ...(content.trim() ? { content: content.trim() } : {}), ...checked });
    setBusy(false);
    if (!result.ok) return showToast(errorMessage(result.errMsgList, i18n.language) ?? t('errors.actionFailed'), 'error');
    setTitle('');
    setContent('');
    await queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
    onSaved();
  };
  const range = { min: `${datePickerMin}T00:00`, max: `${datePickerMax}T23:59` };
  return (
    <form className={styles.edit} onSubmit={(event) => void save(event)} aria-label={t('rooms.events.add')}>
      <TextField label={t('rooms.events.title')} value={title} onChange={(event) => setTitle(event.target.value)} />
      <TextField label={t('rooms.events.content')} value={content} onChange={(event) => setContent(event.target.value)} />
      <TextField label={t('rooms.events.start')} type="datetime-local" {...range} value={start} onChange={(event) => setStart(event.target.value)} />
      <TextField label={t('rooms.events.end')} type="datetime-local" {...range} value={end} onChange={(event) => setEnd(event.target.value)} />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          {t('rooms.events.add')}
        </Button>
      </div>
    </form>
  );
}

function RoomEvents({ params }: { params: { roomId: string } }) {
  const { t, i18n } = useTranslation();
  const events = useQuery(getRoomEventsQuery(chatServices().transport, { roomId: params.roomId }));
  const [adding, setAdding] = useState(false);
  const locale = i18n.language.replace('_', '-');
  const when = (time: number) => new Date(time).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const remove = async (eventId: string) => {
    const { transport, queryClient } = chatServices();
    const result = await deleteRoomEvent(transport, { eventId });
    if (!result.ok) showToast(errorMessage(result.errMsgList, i18n.language) ?? t('errors.actionFailed'), 'error');
    else await queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
  };
  const list = [...(events.data?.roomEvents ?? [])].sort((a, b) => a.startTs - b.startTs);
  return (
    <div className={styles.info}>
      {adding ? (
        <EventForm roomId={params.roomId} onSaved={() => setAdding(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t('rooms.events.add')}
        </Button>
      )}
      {events.isPending ? <Spinner /> : null}
      {!events.isPending && list.length === 0 ? <EmptyState icon={CalendarDays} text={t('empty.record')} /> : null}
      <ul className={styles.members} aria-label={t('rooms.events.heading')}>
        {list.map((event) => {
          const id = event.eventId ?? event.id ?? '';
          return (
            <li key={id} className={styles.member} data-testid="room-event">
              <span className={styles.memberText}>
                <bdi>{event.title}</bdi>
                <span className={styles.meta}>
                  {when(event.startTs)} – {when(event.endTs)}
                </span>
                {event.content ? <bdi className={styles.meta}>{event.content}</bdi> : null}
              </span>
              <IconButton icon={Trash2} tone="danger" label={t('rooms.events.delete', { title: event.title })} onClick={() => void remove(id)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const roomEventsPage = definePanelPage<{ roomId: string }>('roomevents', 'rooms.events.heading', RoomEvents);
