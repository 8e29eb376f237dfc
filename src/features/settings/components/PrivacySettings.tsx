// Privacy and security (left page `privacyandsecuritybody`): who sees my last seen and my profile photo, read
// receipts, my name to group accounts and the mention notification. Each choice is saved as it is made; the server
// applies it to what others see at once.
import { useTranslation } from 'react-i18next';
import { IS_ALLOW_PRIVACY_READ_RECEIPT, IS_ALLOW_PRIVACY_VIEW_PRESENCE, IS_ALLOW_PRIVACY_VIEW_PROFILE } from '@variant/flags';
import { PrivacyVisibilityValues } from '@generated/types/enums';
import type { PrivacyVisibility } from '@generated/types/index';
import { Checkbox, Spinner, showToast, useChoiceWhileSaving } from '../../../ui/index.ts';
import { type PrivacyChange, usePrivacy, useSavePrivacy } from '../api/account.ts';
import styles from './Settings.module.scss';

type Save<T> = (value: T, release: () => void) => void;

function VisibilityChoice({ name, legend, value, onChange }: { name: string; legend: string; value: PrivacyVisibility | undefined; onChange: Save<PrivacyVisibility> }) {
  const { t } = useTranslation();
  const [shown, hold] = useChoiceWhileSaving(value);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{legend}</legend>
      {PrivacyVisibilityValues.map((option) => (
        <label key={option} className={styles.choice}>
          <input type="radio" name={name} value={option} checked={shown === option} onChange={() => onChange(option, hold(option))} />
          {t(`settings.privacy.visibility.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function PrivacyCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: Save<boolean> }) {
  const [shown, hold] = useChoiceWhileSaving(checked);
  return <Checkbox label={label} checked={shown} onChange={(event) => onChange(event.target.checked, hold(event.target.checked))} />;
}

/** Saves one privacy choice; a refusal says the seed's 'Update Fail'. */
export function useChoosePrivacy(): (change: PrivacyChange, release: () => void) => void {
  const { t } = useTranslation();
  const save = useSavePrivacy();
  const onError = () => showToast(t('settings.updateFail'));
  // mutateAsync settles every call; mutate's own callbacks would only reach the last of several quick choices.
  return (change, release) => void save.mutateAsync(change).catch(onError).finally(release);
}

export function PrivacySettings() {
  const { t } = useTranslation();
  const { data: privacy } = usePrivacy();
  const choose = useChoosePrivacy();
  if (!privacy) return <Spinner />;
  return (
    <div className={styles.page} data-testid="privacy-settings">
      {IS_ALLOW_PRIVACY_VIEW_PRESENCE ? (
        <VisibilityChoice
          name="viewPresence"
          legend={t('settings.privacy.lastSeen')}
          value={privacy.viewPresence}
          onChange={(value, release) => choose({ field: 'viewPresence', value }, release)}
        />
      ) : null}
      {IS_ALLOW_PRIVACY_VIEW_PROFILE ? (
        <VisibilityChoice
          name="viewProfile"
          legend={t('settings.privacy.profilePhoto')}
          value={privacy.viewProfile}
          onChange={(value, release) => choose({ field: 'viewProfile', value }, release)}
        />
      ) : null}
      <div className={styles.section}>
        {IS_ALLOW_PRIVACY_READ_RECEIPT ? (
          <PrivacyCheckbox
            label={t('settings.privacy.readReceipts')}
            checked={privacy.readReceipt !== 'NO'}
            onChange={(on, release) => choose({ field: 'readReceipt', value: on ? 'YES' : 'NO' }, release)}
          />
        ) : null}
        <PrivacyCheckbox
          label={t('settings.privacy.showNameToGroupAccounts')}
          checked={privacy.isShowNameToGrpAcc ?? false}
          onChange={(on, release) => choose({ field: 'isShowNameToGrpAcc', value: on }, release)}
        />
        <PrivacyCheckbox
          label={t('settings.privacy.mentionNotification')}
          checked={privacy.isShowNotiAtMention ?? false}
          onChange={(on, release) => choose({ field: 'isShowNotiAtMention', value: on }, release)}
        />
      </div>
    </div>
  );
}
