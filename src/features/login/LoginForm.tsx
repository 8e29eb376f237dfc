// Username and password form: Enter submits, empty fields are refused, the button stays disabled while logging in.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { config } from '@variant/config';
import { IS_ALLOW_REMEMBER_ACCOUNT, IS_SHOW_PASSWORD_VISIBLE_TOGGLE } from '@variant/flags';
import { Button, Checkbox, IconButton, TextField } from '../../ui/index.ts';
import { loginWithPassword, prepareLogin } from './auth.ts';
import { validateLogin } from './validation.ts';
import { useFollowLoginOutcome } from './outcome.ts';
import { nativeShell, rememberAccount } from './native/native-shell.ts';
import styles from './forms.module.scss';

/** Typing pauses this long before the name's user key is asked. */
const NAME_SETTLED_MS = 300;

export interface LoginFormProps {
  initialLoginName: string;
  actionObj: Record<string, string> | undefined;
  onMustChangePassword: (loginName: string) => void;
}

export function LoginForm({ initialLoginName, actionObj, onMustChangePassword }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const follow = useFollowLoginOutcome();
  const [loginName, setLoginName] = useState(initialLoginName);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the native client's shell can keep a password; a web build offers no such box.
  const [shell] = useState(() => (IS_ALLOW_REMEMBER_ACCOUNT ? nativeShell() : null));
  const [remember, setRemember] = useState(false);
  const showLabels = config.login?.showLabels !== false;
  const layout = config.login?.layout === 'horizontal' ? 'horizontal' : 'vertical';
  // What the login will need is asked while the user types: at once, then the name's user key once it settles.
  // A submit before the name settled cancels the wait: the login asks the key itself, and a key asked after it
  // would be a second call for nothing.
  const nameSettling = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const name = loginName.trim();
    if (!name) {
      prepareLogin();
      return;
    }
    nameSettling.current = setTimeout(() => prepareLogin(name), NAME_SETTLED_MS);
    return () => clearTimeout(nameSettling.current);
  }, [loginName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateLogin({ loginName, password });
    if (invalid) {
      setError(t(invalid));
      return;
    }
    setError(null);
    setBusy(true);
    clearTimeout(nameSettling.current);
    const outcome = await loginWithPassword(loginName.trim(), password, i18n.language);
    setBusy(false);
    if (outcome.kind === 'signedIn' && shell) await rememberAccount(shell, remember, { loginName: loginName.trim(), password });
    if (outcome.kind !== 'signedIn') setPassword('');
    follow(outcome, { loginName, actionObj, onMustChangePassword });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('login.formLabel')} noValidate>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <TextField
        label={t('loginNameLabel')}
        hideLabel={!showLabels}
        layout={layout}
        name="loginName"
        autoComplete="username"
        autoFocus
        value={loginName}
        onChange={(event) => setLoginName(event.target.value)}
      />
      <TextField
        label={t('passwordLabel')}
        hideLabel={!showLabels}
        layout={layout}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        end={
          IS_SHOW_PASSWORD_VISIBLE_TOGGLE ? (
            <IconButton
              icon={showPassword ? EyeOff : Eye}
              label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
              pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            />
          ) : null
        }
      />
      {IS_ALLOW_REMEMBER_ACCOUNT && shell ? (
        <Checkbox label={t('rememberAccountLabel')} checked={remember} onChange={(event) => setRemember(event.target.checked)} data-flag="IS_ALLOW_REMEMBER_ACCOUNT" />
      ) : null}
      <Button type="submit" block busy={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
