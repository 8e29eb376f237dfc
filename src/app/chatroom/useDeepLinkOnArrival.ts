// The chat carries out the deep link it was opened with, once: `consume` drops the action object afterwards (the
// route replaces its state, the embedded app forgets it), so going back or reloading does not run it again.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { langIdOf } from '../../core/index.ts';
import { showToast } from '../../ui/index.ts';
import { readDeepLink } from '../../core/navigation/deep-link.ts';
import { runDeepLink, type DeepLinkOutcome } from './runDeepLink.ts';

type Handled = Exclude<DeepLinkOutcome, { kind: 'failed' }>;

export interface DeepLinkArrival {
  actionObj: Record<string, string> | undefined;
  /** Changes with each arrival (the route's location key): the same key is handled once. */
  key: string;
  consume(): void;
}

export function useDeepLinkOnArrival(arrival: DeepLinkArrival, onOutcome: (outcome: Handled) => void): void {
  const { t, i18n } = useTranslation();
  const handledKey = useRef<string | null>(null);
  const { actionObj, key, consume } = arrival;
  const link = readDeepLink(actionObj);

  useEffect(() => {
    if (link === null || handledKey.current === key) return;
    handledKey.current = key;
    consume();
    if (link === 'invalid') {
      showToast(t('deepLink.invalid'));
      return;
    }
    void runDeepLink(link, langIdOf(i18n.language))
      .catch((): DeepLinkOutcome => ({ kind: 'failed', reason: 'errors.actionFailed' }))
      .then((outcome) => {
        if (outcome.kind === 'failed') showToast(t(outcome.reason));
        else onOutcome(outcome);
      });
  }, [i18n.language, link, key, consume, onOutcome, t]);
}
