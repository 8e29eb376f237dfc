// Replaces the login form when the login answers UI_IM_E9912; success goes back to the start route. Settings embed
// the same form (its own heading is then the panel's) for the voluntary change of the signed-in account.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField, showToast } from '../../../ui/index.ts';
import { changePassword, type PasswordChange } from '../auth.ts';
import { validateChangePassword } from '../validation.ts';
import styles from '../forms.module.scss';

export interface ChangePasswordFormProps {
  loginName: string;
  onDone: () => void;
  /** Inside a page that has its own heading: no heading or forced-change intro. */
  embedded?: boolean;
  /** Sends the change; the default is the login's public password update. */
  change?: (change: PasswordChange) => Promise<boolean>;
}

export function ChangePasswordForm({ loginName, onDone, embedded = false, change = changePassword }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateChangePassword({ oldPassword, newPassword, confirmPassword });
    if (invalid) {
      setError(t(invalid));
      return;
    }
    setError(null);
    setBusy(true);
    const ok = await change({ loginName, oldPassword, newPassword, newConfirmPassword: confirmPassword });
    setBusy(false);
    if (!ok) {
      setError(t('changePassword.updateFail'));
      return;
    }
    if (!embedded) showToast(t('changePassword.updated'), 'success');
    onDone();
  }

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-labelledby={embedded ? undefined : 'change-password-heading'}
      aria-label={embedded ? t('changePassword.heading') : undefined}
      noValidate
      data-testid="change-password-form"
    >
      {embedded ? null : (
        <>
          <h2 id="change-password-heading" className={styles.heading}>
            {t('changePassword.heading')}
          </h2>
          <p className={styles.intro}>{t('changePassword.intro')}</p>
        </>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <TextField
        label={t('changePassword.oldPassword')}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        autoFocus={!embedded}
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
      />
      <TextField
        label={t('changePassword.newPassword')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <TextField
        label={t('changePassword.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <Button type="submit" block busy={busy}>
        {busy ? t('changePassword.submitting') : t('changePassword.submit')}
      </Button>
    </form>
  );
}
