// Server data storage (left page `dataandstoragebody`): count and size per message type, the automatic attachment
// download setting, and deleting all server messages (confirmed; only chats whose policy allows it).
import { useTranslation } from 'react-i18next';
import { Database, Trash2 } from 'lucide-react';
import { IS_ALLOW_DELETE_ALL_SERVER_MESSAGES, IS_ALLOW_DOWNLOAD_ATTACH_SETTING } from '@variant/flags';
import { Button, Checkbox, EmptyState, Spinner, confirmAction, showToast, useChoiceWhileSaving } from '../../../ui/index.ts';
import { sizeParts } from '../../../domain/index.ts';
import { useDataStorage, useDownloadAttachSetting, useSaveDownloadAttach } from '../api/account.ts';
import { useDeleteAllServerMessages } from '../api/messages.ts';
import styles from './Settings.module.scss';

function DownloadSetting() {
  const { t } = useTranslation();
  const { data } = useDownloadAttachSetting();
  const save = useSaveDownloadAttach();
  const [shown, hold] = useChoiceWhileSaving(data?.dlAttach ?? false);
  if (!data) return null;
  return (
    <Checkbox
      label={t('settings.dataStorage.autoDownload')}
      checked={shown}
      onChange={(event) =>
        void save
          .mutateAsync(event.target.checked)
          .catch(() => showToast(t('settings.updateFail')))
          .finally(hold(event.target.checked))
      }
    />
  );
}

export function DataStorage() {
  const { t } = useTranslation();
  const { data } = useDataStorage();
  const deleteAll = useDeleteAllServerMessages();
  const size = (bytes: number) => {
    const parts = sizeParts(bytes);
    return t(`size.${parts.unit}`, { value: parts.value });
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: t('settings.dataStorage.deleteAll'),
      message: t('settings.dataStorage.deleteAllMessage'),
      confirmLabel: t('settings.dataStorage.deleteAllConfirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    deleteAll.mutate(undefined, {
      onSuccess: ({ refused }) => showToast(refused > 0 ? t('settings.dataStorage.deletedSome', { refused }) : t('settings.dataStorage.deleted'), refused > 0 ? 'info' : 'success'),
      onError: () => showToast(t('errors.actionFailed')),
    });
  };
  return (
    <div className={styles.page} data-testid="data-storage">
      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{t('settings.dataStorage.usage')}</h3>
        {!data ? (
          <Spinner />
        ) : data.messageTypeSizes.length === 0 ? (
          <EmptyState icon={Database} text={t('empty.record')} />
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('settings.dataStorage.type')}</th>
                <th scope="col">{t('settings.dataStorage.count')}</th>
                <th scope="col">{t('settings.dataStorage.size')}</th>
              </tr>
            </thead>
            <tbody>
              {data.messageTypeSizes.map((row) => (
                <tr key={row.messageType} data-testid="storage-row">
                  <th scope="row">{t(`settings.dataStorage.types.${row.messageType}`)}</th>
                  <td>{row.count}</td>
                  <td>{size(row.totalSize)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {IS_ALLOW_DOWNLOAD_ATTACH_SETTING ? (
        <section className={styles.section}>
          <DownloadSetting />
        </section>
      ) : null}
      {IS_ALLOW_DELETE_ALL_SERVER_MESSAGES ? (
        <Button variant="danger" icon={<Trash2 />} busy={deleteAll.isPending} onClick={() => void remove()}>
          {t('settings.dataStorage.deleteAll')}
        </Button>
      ) : null}
    </div>
  );
}
