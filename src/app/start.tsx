// Client entry: generated/variants/<ID>/main.tsx calls start(config) once the theme tokens are loaded.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { VariantConfig } from '@generated/variants/types';
import '../styles/global.scss';
import { routerBasename } from './basename.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { createAppRouter } from './router.tsx';
import { appQueryClient, resumeSession, setUpCore } from './session.ts';

export function start(config: VariantConfig): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  document.title = config.title;
  const basename = routerBasename(window.location.pathname);
  const router = createAppRouter(basename, config.title);
  // A reload or a new tab picks the stored session up while i18n loads; the routes wait for it.
  void resumeSession();
  void setUpCore(config).then((i18n) => {
    createRoot(container).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <ErrorBoundary fallback={<ErrorPage title={config.title} basename={basename} />}>
            <QueryClientProvider client={appQueryClient()}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </ErrorBoundary>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}
