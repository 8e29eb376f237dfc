// Client entry: generated/variants/<ID>/main.tsx calls start(config) once the theme tokens are loaded. The shell
// (AppShell.tsx: the login page in the entry, the signed-in app on demand), or (embedded mode, seed section 2) the
// embedded app, loaded on demand.
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { VariantConfig } from '@generated/variants/types';
import { IS_ALLOW_EMBEDDED_MODE } from '@variant/flags';
import { routeHistory } from '../core/navigation/navigation.ts';
import '../styles/global.scss';
import { ToastHost } from '../ui/index.ts';
import { embeddedActionObject, isEmbeddedLaunch } from './embedded/launch.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { OnDemandDialogHost } from './OnDemandDialogHost.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { AppShell } from './AppShell.tsx';
import { CoreQueryProvider } from './CoreQueryProvider.tsx';
import { resumeSession, setUpCore } from './session.ts';

const EmbeddedApp = lazy(() => import('./embedded/EmbeddedApp.tsx').then((m) => ({ default: m.EmbeddedApp })));

function embeddedApp(config: VariantConfig): ReactNode {
  const actionObj = embeddedActionObject(window.location.search);
  // The token is used up by its first try: a reload must not try it again.
  window.history.replaceState(null, '', `${window.location.pathname}?embedded=1`);
  return (
    <>
      <Suspense fallback={null}>
        <EmbeddedApp actionObj={actionObj} />
      </Suspense>
      <ToastHost />
      <OnDemandDialogHost defaultTitle={config.title} />
    </>
  );
}

export function start(config: VariantConfig): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  document.title = config.title;
  const { basename } = routeHistory();
  const app = IS_ALLOW_EMBEDDED_MODE && isEmbeddedLaunch(window.location.search) ? embeddedApp(config) : <AppShell basename={basename} title={config.title} />;
  // A reload or a new tab picks the stored session up while i18n loads; the routes wait for it.
  void resumeSession();
  void setUpCore(config).then((i18n) => {
    createRoot(container).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <ErrorBoundary fallback={<ErrorPage title={config.title} basename={basename} />}>
            <CoreQueryProvider>{app}</CoreQueryProvider>
          </ErrorBoundary>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}
