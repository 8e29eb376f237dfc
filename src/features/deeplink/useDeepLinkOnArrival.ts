// The chat carries out the deep link it was opened with, once: the route state is replaced afterwards, so going
// back or reloading does not run it again.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui/index.ts';
import { readDeepLink } from './parse.ts';
import { runDeepLink, type DeepLinkOutcome } from './run.ts';

type Handled = Exclude<DeepLinkOutcome, { kind: 'failed' }>;

export function useDeepLinkOnArrival(onOutcome: (outcome: Handled) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const handledKey = useRef<string | null>(null);
  const state = (location.state ?? null) as { actionObj?: Record<string, string> } | null;
  const link = readDeepLink(state?.actionObj);

  useEffect(() => {
    if (link === null || handledKey.current === location.key) return;
    handledKey.current = location.key;
    navigate('.', { replace: true, state: null });
    if (link === 'invalid') {
      showToast(t('deepLink.invalid'));
      return;
    }
    void runDeepLink(link, i18n.language as 'en_US' | 'zh_TW' | 'zh_CN')
      .catch((): DeepLinkOutcome => ({ kind: 'failed', reason: 'errors.actionFailed' }))
      .then((outcome) => {
        if (outcome.kind === 'failed') showToast(t(outcome.reason));
        else onOutcome(outcome);
      });
  }, [i18n.language, link, location.key, navigate, onOutcome, t]);
}
