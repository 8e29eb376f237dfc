// The full-screen toggle of variants with IS_ALLOW_FULL_SCREEN: the whole client fills the screen (the browser's
// Fullscreen API; Escape or the same button leaves it).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Maximize, Minimize } from 'lucide-react';
import { IconButton } from '../../ui/index.ts';

export function FullScreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    // A refusal (no user gesture, a frame without allowfullscreen) leaves the page as it is.
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void change.catch(() => undefined);
  };
  return (
    <IconButton
      data-flag="IS_ALLOW_FULL_SCREEN"
      icon={full ? Minimize : Maximize}
      label={full ? t('fullscreen.exit') : t('fullscreen.enter')}
      pressed={full}
      onClick={toggle}
    />
  );
}
