// The media viewer's media text popup: the words sent with the picture or video, who sent it and when, and what
// the file is (docs/client-ui.md, "Media viewer"). It lies over the stage, under the watermark, and closes with
// its button or the viewer's toolbar toggle.
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton } from '../../../ui/index.ts';
import type { ChatMessage } from '../api/data.ts';
import { mediaText } from '../model/mediaText.ts';
import styles from './MediaText.module.scss';

export function MediaTextPopup({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const text = mediaText(message);
  const locale = i18n.language.replace('_', '-');
  const rows: [string, string][] = [
    [t('media.sender'), text.sender.you ? t('media.you') : text.sender.name],
    ...(text.sentAt !== null ? [[t('media.sentAt'), new Date(text.sentAt).toLocaleString(locale)] as [string, string]] : []),
    [t('media.name'), text.name],
    ...(text.type ? [[t('media.type'), text.type] as [string, string]] : []),
    ...(text.size ? [[t('media.size'), t(`size.${text.size.unit}`, { value: text.size.value })] as [string, string]] : []),
    ...(text.dimensions ? [[t('media.dimensions'), text.dimensions] as [string, string]] : []),
    ...(text.duration ? [[t('media.duration'), text.duration] as [string, string]] : []),
  ];
  return (
    <section className={styles.popup} aria-label={t('media.textPopup')} data-testid="media-text">
      <header className={styles.head}>
        <h3 className={styles.title}>{t('media.textPopup')}</h3>
        <IconButton icon={X} label={t('media.closeText')} onClick={onClose} />
      </header>
      {text.caption ? (
        <p className={styles.caption} data-testid="media-caption">
          <bdi>{text.caption}</bdi>
        </p>
      ) : null}
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
