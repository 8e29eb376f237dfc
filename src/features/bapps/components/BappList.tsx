// Business apps (left page `bapplist`, the footer's apps button; and the `more` page's apps): the client config's
// apps, each named in the UI's language and opened in a new browser tab (the web client's way of opening an app).
// Where the directory has several tenants, the user chooses the one the apps open for (model/tenant.ts).
import { useTranslation } from 'react-i18next';
import { ExternalLink, LayoutGrid } from 'lucide-react';
import type { BusinessApp, LangId } from '@generated/types/index';
import { EmptyState } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useAppTenant } from '../api/tenants.ts';
import { appUrl, tenantLabel } from '../model/tenant.ts';
import styles from './Bapps.module.scss';

const isImage = (icon: string | undefined): icon is string => icon !== undefined && /^(https?:|data:image\/)/.test(icon);

export function AppTiles({ apps, testId }: { apps: readonly BusinessApp[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const { tenants, tenantId, choose, selectable } = useAppTenant();
  const usable = apps.filter((app) => app.url);
  if (usable.length === 0) return <EmptyState icon={LayoutGrid} text={t('empty.record')} />;
  const lang = i18n.language as LangId;
  return (
    <>
      {selectable ? (
        <label className={styles.tenant}>
          {t('bapps.tenant')}
          <select className={styles.tenantSelect} value={tenantId ?? ''} onChange={(event) => choose(event.target.value)}>
            {tenants.map((tenant) => (
              <option key={tenant.tenantId} value={tenant.tenantId}>
                {tenantLabel(tenant)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ul className={styles.list} data-testid={testId}>
        {usable.map((app) => (
          <li key={app.appId}>
            <a className={styles.app} href={appUrl(app.url ?? '', selectable ? tenantId : null)} target="_blank" rel="noopener noreferrer">
              {isImage(app.icon) ? <img className={styles.icon} src={app.icon} alt="" /> : <LayoutGrid className={styles.icon} aria-hidden="true" />}
              <span className={styles.name}>{app.name?.[lang] ?? app.name?.en_US ?? app.appId}</span>
              <ExternalLink className={styles.external} aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

export function BappList() {
  return <AppTiles apps={chatServices().clientConfig?.bappsForTab ?? []} testId="bapp-list" />;
}
