// Language (left page): en_US, zh_TW or zh_CN, switched live; saved to the account (langId) for the next login.
import { useTranslation } from 'react-i18next';
import type { LangId } from '@generated/types/index';
import { changeLanguage } from '../../../core/index.ts';
import { showToast } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useSaveLanguage } from '../api/account.ts';
import { languages } from '../model/languages.ts';
import styles from './Settings.module.scss';

export function LanguageSettings() {
  const { t, i18n } = useTranslation();
  const save = useSaveLanguage();
  const choose = (langId: LangId) => {
    void changeLanguage(i18n, langId, chatServices().loginName);
    save.mutate(langId, { onError: () => showToast(t('settings.updateFail')) });
  };
  return (
    <div className={styles.page} data-testid="language-settings">
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>{t('settings.language.choose')}</legend>
        {languages.map(({ id, name }) => (
          <label key={id} className={styles.choice}>
            <input type="radio" name="language" value={id} checked={i18n.language === id} onChange={() => choose(id)} />
            <span lang={id.replace('_', '-')}>{name}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
