// The room's history page (right panel `roomhistory`): export the whole chat as a transcript, archive its messages
// (all, or those older than some days; starred ones on request) and download this room's finished archives, each
// only where the variant and the room's policy allow it. The archive runs on the server; this page shows it
// waiting until MESSAGE_ARCHIVED arrives. Where the variant lets files leave the client, the archive can also be
// emailed to the person (withEmail); each archive's row says how its mail went.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Archive, Download, FileText } from 'lucide-react';
import { IS_ALLOW_ARCHIVE_ROOM_MESSAGES, IS_ALLOW_DOWNLOAD_ATTACHMENT, IS_ALLOW_EXPORT_ROOM_MESSAGES } from '@variant/flags';
import type { ArchivedMessage, Room } from '@generated/types/index';
import type { ApiResult } from '@generated/api/runtime';
import { errorMessage } from '../../../core/index.ts';
import { Button, Checkbox, EmptyState, ProgressBar, Spinner, TextField, definePanelPage, showToast } from '../../../ui/index.ts';
import { roomAllows, useFunctionRoles, useRoom } from '../../../domain/index.ts';
import { archivesQuery, downloadArchive, exportRoomTranscript, queueArchive } from '../api/history.ts';
import { usePendingArchives } from '../hooks/useArchives.ts';
import { stamp } from '../model/transcript.ts';
import { ArchiveEmailState } from './ArchiveEmailState.tsx';
import styles from './RoomHistory.module.scss';

/** What the variant and the room's policy let this member take out of the room. */
export function historyAllows(room: Room, roles: readonly string[]): { export: boolean; archive: boolean } {
  return {
    export: IS_ALLOW_EXPORT_ROOM_MESSAGES && roomAllows(room, 'ALLOW_EXPORT_MSG', roles),
    archive: IS_ALLOW_ARCHIVE_ROOM_MESSAGES && roomAllows(room, 'ALLOW_ARCHIVE_MSG', roles),
  };
}

const MAX_DAYS = 36_500;

function useRun() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (what: string, call: () => Promise<ApiResult<unknown>>, done?: string) => {
    setBusy(what);
    try {
      const result = await call();
      if (!result.ok) showToast(errorMessage(result.errMsgList, i18n.language) ?? t('errors.actionFailed'));
      else if (done) showToast(done, 'success');
      return result.ok;
    } catch {
      showToast(t('errors.downloadFailed'));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function ArchiveForm({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const { busy, run } = useRun();
  const [range, setRange] = useState<'all' | 'older'>('all');
  const [days, setDays] = useState('30');
  const [starred, setStarred] = useState(false);
  const [email, setEmail] = useState(false);
  const pending = usePendingArchives((state) => state.pending[roomId] ?? 0);
  const { add, done } = usePendingArchives.getState();
  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= MAX_DAYS;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (range === 'older' && !daysValid) return showToast(t('errors.inputNotValid'));
    const withEmail = IS_ALLOW_DOWNLOAD_ATTACHMENT && email;
    const request = { beforeDays: range === 'all' ? null : dayCount, withStarredMessage: starred, withEmail };
    // Counted before asking: a quick job's MESSAGE_ARCHIVED can arrive before the answer to the request.
    add(roomId);
    const ok = await run('archive', () => queueArchive(roomId, request), t(withEmail ? 'history.archiveQueuedEmail' : 'history.archiveQueued'));
    if (!ok) done(roomId);
  };
  return (
    <form className={styles.block} onSubmit={(event) => void submit(event)} aria-labelledby="room-history-archive">
      <h3 id="room-history-archive" className={styles.heading}>{t('history.archiveHeading')}</h3>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t('history.rangeLegend')}</legend>
        <label className={styles.choice}>
          <input type="radio" name="range" checked={range === 'all'} onChange={() => setRange('all')} />
          {t('history.rangeAll')}
        </label>
        <label className={styles.choice}>
          <input type="radio" name="range" checked={range === 'older'} onChange={() => setRange('older')} />
          {t('history.rangeOlder')}
        </label>
        {range === 'older' ? (
          <TextField
            label={t('history.days')}
            type="number"
            min={1}
            max={MAX_DAYS}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={daysValid ? undefined : t('errors.inputNotValid')}
          />
        ) : null}
      </fieldset>
      <Checkbox label={t('history.withStarred')} checked={starred} onChange={(event) => setStarred(event.target.checked)} />
      {IS_ALLOW_DOWNLOAD_ATTACHMENT ? (
        <div data-flag="IS_ALLOW_DOWNLOAD_ATTACHMENT">
          <Checkbox label={t('history.withEmail')} checked={email} onChange={(event) => setEmail(event.target.checked)} aria-describedby="room-history-email-hint" />
          <p id="room-history-email-hint" className={styles.hint}>{t('history.withEmailHint')}</p>
        </div>
      ) : null}
      <Button type="submit" icon={<Archive aria-hidden="true" />} busy={busy === 'archive'}>
        {t('history.archive')}
      </Button>
      {pending > 0 ? <ProgressBar label={t('history.archiving', { count: pending })} value={null} /> : null}
      {pending > 0 ? <p className={styles.hint} data-testid="archive-pending">{t('history.archiving', { count: pending })}</p> : null}
    </form>
  );
}

function ArchiveRows({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const { busy, run } = useRun();
  const { data, isPending, isError } = useQuery(archivesQuery());
  if (isPending) return <Spinner />;
  const archives: ArchivedMessage[] = isError ? [] : data.archivedMessages.filter((archive) => archive.roomId === roomId).sort((a, b) => b.date - a.date);
  if (archives.length === 0) return <EmptyState icon={Archive} text={t('empty.archived')} />;
  return (
    <ul className={styles.rows} data-testid="room-archives">
      {archives.map((archive) => (
        <li key={archive.id} className={styles.row} data-testid="room-archive">
          <span className={styles.when}>
            <span className={styles.date}>{stamp(archive.date)}</span>
            <ArchiveEmailState archive={archive} />
          </span>
          <Button
            variant="secondary"
            icon={<Download aria-hidden="true" />}
            busy={busy === archive.id}
            aria-label={t('history.downloadArchive', { date: stamp(archive.date) })}
            onClick={() => void run(archive.id, () => downloadArchive(archive, t))}
          >
            {t('history.download')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function RoomHistory({ params }: { params: { roomId: string } }) {
  const { t } = useTranslation();
  const room = useRoom(params.roomId);
  const roles = useFunctionRoles();
  const { busy, run } = useRun();
  if (!room) return <Spinner />;
  const allows = historyAllows(room, roles);
  return (
    <section className={styles.page} data-testid="room-history">
      {allows.export ? (
        <div className={styles.block}>
          <h3 className={styles.heading}>{t('history.exportHeading')}</h3>
          <p className={styles.hint}>{t('history.exportHint')}</p>
          <Button variant="secondary" icon={<FileText aria-hidden="true" />} busy={busy === 'export'} onClick={() => void run('export', () => exportRoomTranscript(room.roomId, t))}>
            {t('history.export')}
          </Button>
        </div>
      ) : null}
      {allows.archive ? <ArchiveForm roomId={room.roomId} /> : null}
      <div className={styles.block}>
        <h3 className={styles.heading}>{t('history.archivesHeading')}</h3>
        <ArchiveRows roomId={room.roomId} />
      </div>
    </section>
  );
}

export const roomHistoryPage = definePanelPage<{ roomId: string }>('roomhistory', 'history.heading', RoomHistory);
