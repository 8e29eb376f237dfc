// Route `/login`: the variant's login page; the change-password form replaces the login form on UI_IM_E9912.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Accessibility, MessagesSquare, QrCode, KeyRound } from 'lucide-react';
import { config } from '@variant/config';
import {
  IS_ALLOW_PASSWORD_LOGIN,
  IS_ALLOW_QR_LOGIN,
  IS_ALLOW_REMEMBER_ACCOUNT,
  IS_ALLOW_SSO_LOGIN,
  IS_ALLOW_TOKEN_LOGIN,
  IS_ALLOW_WEBVIEW_LOGIN,
  IS_SHOW_ACCESSIBILITY_BADGE,
  IS_SHOW_LOGIN_LOGO,
  IS_SHOW_RESTRICTED_NOTICE,
} from '@variant/flags';
import { navigateTo, useRouteLocation } from '../../core/navigation/navigation.ts';
import { Button, Redirect, SessionPending, Spinner, useAccessibilityPopup } from '../../ui/index.ts';
import { useSessionPhase } from '../../core/session/phase.ts';
import { readAutoLogin, type AutoLoginRequest } from './auto/index.ts';
import { LoginForm } from './LoginForm.tsx';
import { NativeAutoLogin } from './native/NativeAutoLogin.tsx';
import { nativeShell } from './native/native-shell.ts';
import { loginFailureText, readLoginBanner, type LoginRouteState } from './validation.ts';
import styles from './LoginPage.module.scss';

// A constant per variant: builds with QR login off contain neither this import nor the module.
let QrLogin: ComponentType | null = null;
if (IS_ALLOW_QR_LOGIN) {
  QrLogin = lazy(() => import('./qr/index.ts').then((m) => ({ default: m.QrLogin })));
}

// Builds with token or SSO login run the automatic login (seed section 4) from an on-demand module.
let AutoLogin: ComponentType<{ request: AutoLoginRequest }> | null = null;
if (IS_ALLOW_TOKEN_LOGIN || IS_ALLOW_SSO_LOGIN) {
  AutoLogin = lazy(() => import('./auto/AutoLogin.tsx').then((m) => ({ default: m.AutoLogin })));
}

// Lite builds show the host web view's login page instead of the form (seed section 2).
let WebviewLogin: ComponentType | null = null;
if (IS_ALLOW_WEBVIEW_LOGIN) {
  WebviewLogin = lazy(() => import('./webview/index.ts').then((m) => ({ default: m.WebviewLogin })));
}

// Only an account that must change its password (UI_IM_E9912) sees this form: it loads then.
const ChangePasswordForm = lazy(() => import('./change-password/ChangePasswordForm.tsx').then((m) => ({ default: m.ChangePasswordForm })));

type Mode = { kind: 'password' } | { kind: 'qr' } | { kind: 'changePassword'; loginName: string };

/** A live session (this tab resumed it, or another tab signed in) goes straight to the chat. */
export function LoginPage() {
  const phase = useSessionPhase((state) => state.phase);
  const location = useRouteLocation();
  const state = (location.state ?? null) as LoginRouteState | null;
  if (phase === 'resuming') return <SessionPending />;
  if (phase === 'signedIn') return <Redirect to="/chatroom" state={state?.actionObj ? { actionObj: state.actionObj } : undefined} />;
  const auto = AutoLogin
    ? readAutoLogin(state?.actionObj, readLoginBanner(location.search, state) !== null, { sso: IS_ALLOW_SSO_LOGIN, token: IS_ALLOW_TOKEN_LOGIN })
    : null;
  if (AutoLogin && auto) {
    return (
      <Suspense fallback={<SessionPending />}>
        <AutoLogin request={auto} />
      </Suspense>
    );
  }
  const shell = IS_ALLOW_REMEMBER_ACCOUNT && !IS_ALLOW_WEBVIEW_LOGIN ? nativeShell() : null;
  if (shell && readLoginBanner(location.search, state) === null) {
    return (
      <NativeAutoLogin shell={shell} actionObj={state?.actionObj}>
        <LoginScreen />
      </NativeAutoLogin>
    );
  }
  return <LoginScreen />;
}

function LoginScreen() {
  const { t } = useTranslation();
  const location = useRouteLocation();
  const state = (location.state ?? null) as LoginRouteState | null;
  const [mode, setMode] = useState<Mode>(() =>
    QrLogin && (config.login?.defaultMode === 'qr' || !IS_ALLOW_PASSWORD_LOGIN) ? { kind: 'qr' } : { kind: 'password' },
  );
  const banner = readLoginBanner(location.search, state);
  const horizontal = config.login?.layout === 'horizontal';
  const badgeLink = IS_SHOW_ACCESSIBILITY_BADGE ? config.links?.accessibilityBadge : '';
  const showAccessibility = useAccessibilityPopup();

  let bannerText: string | null = null;
  if (WebviewLogin) {
    // The seed's webview wording.
    if (banner?.kind === 'serverError') bannerText = t('login.webview.serverError');
    if (banner?.kind === 'sessionTimeout') bannerText = t('login.webview.sessionTimeout');
    if (banner?.kind === 'loginFail') bannerText = t('login.webview.loginFail');
  } else {
    if (banner?.kind === 'serverError') bannerText = t('login.serverError');
    if (banner?.kind === 'sessionTimeout') bannerText = t('login.sessionTimeout');
    if (banner?.kind === 'loginFail') bannerText = loginFailureText(banner.code, banner.text, t('loginFailure'));
  }

  return (
    <div className={styles.page}>
      {IS_SHOW_RESTRICTED_NOTICE ? (
        <div className={styles.restricted} role="note" data-flag="IS_SHOW_RESTRICTED_NOTICE">
          {t('restrictedNotice')}
        </div>
      ) : null}
      <main className={[styles.card, horizontal ? styles.horizontal : styles.vertical].join(' ')}>
        <div className={styles.brand}>
          {IS_SHOW_LOGIN_LOGO ? (
            <MessagesSquare className={styles.logo} role="img" aria-label={t('login.logoLabel', { title: config.title })} />
          ) : null}
          <h1 className={styles.title}>{t('appTitle', { title: config.title })}</h1>
          <p className={styles.version}>{t('common.versionLine', { version: config.version, build: config.buildVersion })}</p>
        </div>
        <div className={styles.formArea}>
        <div className={styles.formColumn}>
          {mode.kind !== 'changePassword' && bannerText ? (
            <p className={styles.failure} role="alert" data-testid="login-failure">
              {bannerText}
            </p>
          ) : null}
          {WebviewLogin ? (
            <Suspense fallback={null}>
              <WebviewLogin />
            </Suspense>
          ) : null}
          {mode.kind === 'password' && IS_ALLOW_PASSWORD_LOGIN && !WebviewLogin ? (
            <LoginForm
              initialLoginName={state?.loginName ?? ''}
              actionObj={state?.actionObj}
              onMustChangePassword={(loginName) => setMode({ kind: 'changePassword', loginName })}
            />
          ) : null}
          {mode.kind === 'changePassword' ? (
            <Suspense fallback={<Spinner />}>
              <ChangePasswordForm loginName={mode.loginName} onDone={() => navigateTo('/', { replace: true })} />
            </Suspense>
          ) : null}
          {mode.kind === 'qr' && QrLogin ? (
            <Suspense fallback={null}>
              <QrLogin />
            </Suspense>
          ) : null}
          {QrLogin && IS_ALLOW_PASSWORD_LOGIN && mode.kind !== 'changePassword' ? (
            <Button
              variant="ghost"
              icon={mode.kind === 'qr' ? <KeyRound /> : <QrCode />}
              onClick={() => setMode(mode.kind === 'qr' ? { kind: 'password' } : { kind: 'qr' })}
            >
              {mode.kind === 'qr' ? t('login.passwordMode') : t('login.qrMode')}
            </Button>
          ) : null}
          {IS_SHOW_ACCESSIBILITY_BADGE ? (
            <Button data-flag="IS_SHOW_ACCESSIBILITY_BADGE" variant="ghost" icon={<Accessibility />} onClick={() => void showAccessibility()}>
              {t('popup.accessibilityTitle')}
            </Button>
          ) : null}
          {badgeLink ? (
            <a className={styles.badge} href={badgeLink} target="_blank" rel="noopener noreferrer">
              {t('login.accessibilityBadge')}
            </a>
          ) : null}
        </div>
        </div>
      </main>
    </div>
  );
}
