// Renders the top page of a panel stack with its header: back (when a page lies beneath, or always on the left
// where the room list lies beneath) and close.
import { useTranslation } from 'react-i18next';
import { ArrowLeft, X } from 'lucide-react';
import { IconButton } from '../IconButton.tsx';
import type { OpenPage } from './panelNav.ts';
import styles from './PanelPageView.module.scss';

export interface PanelPageViewProps {
  stack: OpenPage[];
  onBack: () => void;
  onClose?: () => void;
  /** Whether a back button shows on the bottom page (the left panel's room list lies beneath it). */
  backAtBottom?: boolean;
}

export function PanelPageView({ stack, onBack, onClose, backAtBottom = false }: PanelPageViewProps) {
  const { t } = useTranslation();
  const top = stack[stack.length - 1];
  if (!top) return null;
  const { Component } = top.def as unknown as { Component: React.ComponentType<{ params: unknown }> };
  return (
    <section className={styles.page} aria-labelledby={`panel-page-${top.def.name}`} data-testid={`panel-page-${top.def.name}`}>
      <header className={styles.header}>
        {stack.length > 1 || backAtBottom ? <IconButton icon={ArrowLeft} label={t('panel.back')} onClick={onBack} /> : null}
        {/* Focusable from script: a panel that opens over the chat takes the focus to its title. */}
        <h2 id={`panel-page-${top.def.name}`} className={styles.title} tabIndex={-1}>
          {t(top.def.titleKey)}
        </h2>
        {onClose ? <IconButton icon={X} label={t('panel.closeDetails')} onClick={onClose} /> : null}
      </header>
      <div className={styles.body}>
        <Component params={top.params} />
      </div>
    </section>
  );
}
