// Edit room info: the name (at most 25 characters: 'Please check the name length') and the picture (gif,
// jpeg, png), saved separately.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { constants } from '@variant/constants';
import { Button, PICTURE_TYPES, TextField, readFileBase64 } from '../../../ui/index.ts';
import { nameLength } from '../../../domain/index.ts';
import { roomChanges } from '../api/data.ts';
import { useChange } from './useChange.ts';
import styles from './RoomInfo.module.scss';

export function EditRoomInfo({ roomId, name, hasImage, onDone }: { roomId: string; name: string; hasImage: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useChange();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const max = constants.limits.roomNameMaxLength;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim() || nameLength(value) > max) return setError(t('create.nameLength'));
    setBusy(true);
    const saved = value.trim() === name || (await run(roomChanges.rename(roomId, value)));
    setBusy(false);
    if (saved) onDone();
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    await run(roomChanges.setImage(roomId, await readFileBase64(file)), t('rooms.info.imageSaved'));
    setBusy(false);
  };

  return (
    <form className={styles.edit} onSubmit={(event) => void save(event)} aria-label={t('rooms.info.editInfo')}>
      <TextField
        label={t('create.roomName')}
        value={value}
        hint={t('create.roomNameHint', { max })}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy} onClick={() => fileRef.current?.click()}>
          {t('rooms.info.changeImage')}
        </Button>
        {hasImage ? (
          <Button variant="ghost" busy={busy} onClick={() => void run(roomChanges.removeImage(roomId))}>
            {t('rooms.info.removeImage')}
          </Button>
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept={PICTURE_TYPES}
          hidden
          data-testid="room-image-input"
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('rooms.info.save')}
        </Button>
      </div>
    </form>
  );
}
