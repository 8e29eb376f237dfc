// The group's picture chosen while creating it (createroom): gif, jpeg or png, previewed, sent with the creation
// as `roomImg` (the server makes the thumbnail); it can be changed or removed again before 'Create group'.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { Avatar, Button, PICTURE_TYPES, readFileBase64, showToast } from '../../../ui/index.ts';
import styles from './RoomList.module.scss';

export interface ChosenPicture {
  base64: string;
  type: string;
}

export function GroupPicture({ name, value, onChange }: { name: string; value: ChosenPicture | null; onChange: (picture: ChosenPicture | null) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!PICTURE_TYPES.split(',').includes(file.type)) return showToast(t('errors.inputNotValid'), 'error');
    onChange({ base64: await readFileBase64(file), type: file.type });
  };
  return (
    <div className={styles.groupPicture}>
      {value ? (
        <img className={styles.groupPictureImage} src={`data:${value.type};base64,${value.base64}`} alt={t('rooms.create.picture')} data-testid="group-picture-preview" />
      ) : (
        <Avatar name={name || '?'} group />
      )}
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES}
        hidden
        aria-label={t('rooms.create.choosePicture')}
        data-testid="group-picture-input"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button variant="secondary" icon={<ImageUp />} onClick={() => input.current?.click()}>
        {t('rooms.create.choosePicture')}
      </Button>
      {value ? (
        <Button variant="ghost" icon={<Trash2 />} onClick={() => onChange(null)}>
          {t('rooms.info.removeImage')}
        </Button>
      ) : null}
    </div>
  );
}
