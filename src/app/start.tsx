// Placeholder client entry until the real client exists: shows the variant identity and one flag-gated module.
import { type ComponentType, StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import type { VariantConfig } from '@generated/variants/types';
import { IS_ALLOW_QR_LOGIN } from '@variant/flags';

interface AppProps {
  config: VariantConfig;
  Preview: ComponentType | null;
}

function App({ config, Preview }: AppProps) {
  return (
    <main>
      <h1>{config.title}</h1>
      <p>
        Version {config.version} (build {config.buildVersion}), {config.environment}
      </p>
      {Preview ? (
        <Suspense fallback={null}>
          <Preview />
        </Suspense>
      ) : null}
    </main>
  );
}

export function start(config: VariantConfig): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  let Preview: ComponentType | null = null;
  // A constant per variant: builds with QR login off contain neither the import nor the module.
  if (IS_ALLOW_QR_LOGIN) {
    Preview = lazy(() => import('../features/feature-preview/index.ts').then((m) => ({ default: m.FeaturePreview })));
  }
  createRoot(container).render(
    <StrictMode>
      <App config={config} Preview={Preview} />
    </StrictMode>,
  );
}
