// Renders the toast queue in a live region so screen readers announce each text once.
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useToasts } from './toastStore.ts';
import styles from './ToastHost.module.scss';

export function ToastHost() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  const { t } = useTranslation();
  return (
    <div className={styles.host} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={[styles.toast, styles[toast.kind]].join(' ')} data-testid="toast">
          <span className={styles.text}>{toast.text}</span>
          <button type="button" className={styles.close} aria-label={t('common.dismiss')} onClick={() => dismiss(toast.id)}>
            <X aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
