// The top-level error page: the variant's custom page when its flag is on, a plain one otherwise.
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { IS_SHOW_CUSTOM_ERROR_PAGE } from '@variant/flags';
import { Button } from '../ui/index.ts';
import { clearSessionAfterError } from './session.ts';
import styles from './ErrorPage.module.scss';

export interface ErrorPageProps {
  title: string;
  basename: string;
}

export function ErrorPage({ title, basename }: ErrorPageProps) {
  const { t } = useTranslation();
  const backToLogin = () => {
    // A full load gives the app a clean state after an unexpected error (also when the session core cannot load).
    const load = () => window.location.assign(`${basename.replace(/\/$/, '')}/login`);
    void clearSessionAfterError().then(load, load);
  };
  if (!IS_SHOW_CUSTOM_ERROR_PAGE) {
    return (
      <main className={styles.plain}>
        <h1>{t('customErrorTitle')}</h1>
        <p>{t('customErrorMessage')}</p>
        <button type="button" onClick={backToLogin}>
          {t('backToLoginLabel')}
        </button>
      </main>
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.header}>{t('appTitle', { title })}</header>
      <main className={styles.body}>
        <AlertTriangle className={styles.icon} aria-hidden="true" />
        <h1 className={styles.title}>{t('customErrorTitle')}</h1>
        <p className={styles.message}>{t('customErrorMessage')}</p>
        <Button onClick={backToLogin}>{t('backToLoginLabel')}</Button>
      </main>
    </div>
  );
}
