// Privacy and security (left page `privacyandsecuritybody`): who sees my last seen and my profile photo, read
// receipts, my name to group accounts and the mention notification. Each choice is saved as it is made; the server
// applies it to what others see at once.
import { useTranslation } from 'react-i18next';
import { IS_ALLOW_PRIVACY_READ_RECEIPT, IS_ALLOW_PRIVACY_VIEW_PRESENCE, IS_ALLOW_PRIVACY_VIEW_PROFILE } from '@variant/flags';
import { PrivacyVisibilityValues } from '@generated/types/enums';
import type { PrivacyVisibility } from '@generated/types/index';
import { Checkbox, Spinner, showToast } from '../../../ui/index.ts';
import { usePrivacy, useSavePrivacy } from '../api/account.ts';
import styles from './Settings.module.scss';

function VisibilityChoice({ name, legend, value, onChange }: { name: string; legend: string; value: PrivacyVisibility | undefined; onChange: (value: PrivacyVisibility) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{legend}</legend>
      {PrivacyVisibilityValues.map((option) => (
        <label key={option} className={styles.choice}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {t(`settings.privacy.visibility.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function PrivacySettings() {
  const { t } = useTranslation();
  const { data: privacy } = usePrivacy();
  const save = useSavePrivacy();
  if (!privacy) return <Spinner />;
  const onError = () => showToast(t('settings.updateFail'));
  return (
    <div className={styles.page} data-testid="privacy-settings">
      {IS_ALLOW_PRIVACY_VIEW_PRESENCE ? (
        <VisibilityChoice
          name="viewPresence"
          legend={t('settings.privacy.lastSeen')}
          value={privacy.viewPresence}
          onChange={(value) => save.mutate({ field: 'viewPresence', value }, { onError })}
        />
      ) : null}
      {IS_ALLOW_PRIVACY_VIEW_PROFILE ? (
        <VisibilityChoice
          name="viewProfile"
          legend={t('settings.privacy.profilePhoto')}
          value={privacy.viewProfile}
          onChange={(value) => save.mutate({ field: 'viewProfile', value }, { onError })}
        />
      ) : null}
      <div className={styles.section}>
        {IS_ALLOW_PRIVACY_READ_RECEIPT ? (
          <Checkbox
            label={t('settings.privacy.readReceipts')}
            checked={privacy.readReceipt !== 'NO'}
            onChange={(event) => save.mutate({ field: 'readReceipt', value: event.target.checked ? 'YES' : 'NO' }, { onError })}
          />
        ) : null}
        <Checkbox
          label={t('settings.privacy.showNameToGroupAccounts')}
          checked={privacy.isShowNameToGrpAcc ?? false}
          onChange={(event) => save.mutate({ field: 'isShowNameToGrpAcc', value: event.target.checked }, { onError })}
        />
        <Checkbox
          label={t('settings.privacy.mentionNotification')}
          checked={privacy.isShowNotiAtMention ?? false}
          onChange={(event) => save.mutate({ field: 'isShowNotiAtMention', value: event.target.checked }, { onError })}
        />
      </div>
    </div>
  );
}
