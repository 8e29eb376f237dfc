// Route `/`: the browser check where the variant enables it, then the start redirect. The flag is a constant
// per build, so a variant without the check ships none of its code (the bundle check looks for its marker).
import { IS_ALLOW_BROWSER_CHECK } from '@variant/flags';
import { BrowserCheck } from './BrowserCheck.tsx';
import { StartRedirect } from './StartRedirect.tsx';

export function BrowserCheckPage() {
  return IS_ALLOW_BROWSER_CHECK ? (
    <BrowserCheck>
      <StartRedirect />
    </BrowserCheck>
  ) : (
    <StartRedirect />
  );
}
