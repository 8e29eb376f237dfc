// The native client with a saved login name and password logs in at once unless the last login failed (seed
// section 4); without saved credentials it shows the login page.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionPending } from '../../../ui/index.ts';
import { loginWithPassword } from '../auth.ts';
import { useFollowLoginOutcome } from '../outcome.ts';
import { savedCredentials, type NativeShell } from './native-shell.ts';

let tried = false;

export function NativeAutoLogin({ shell, actionObj, children }: { shell: NativeShell; actionObj: Record<string, string> | undefined; children: ReactNode }) {
  const { i18n } = useTranslation();
  const follow = useFollowLoginOutcome();
  const [done, setDone] = useState(tried);
  useEffect(() => {
    if (tried) return;
    tried = true;
    void savedCredentials(shell).then(async (saved) => {
      if (!saved) {
        setDone(true);
        return;
      }
      const outcome = await loginWithPassword(saved.loginName, saved.password, i18n.language);
      setDone(true);
      follow(outcome, { loginName: saved.loginName, actionObj });
    });
  }, [shell, actionObj, follow, i18n.language]);
  return done ? children : <SessionPending />;
}
