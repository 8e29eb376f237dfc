// A watermark over protected content: the viewer's name and login name repeated across it, at the client config's
// opacity, never in the way of the pointer and not read out by screen readers.
import { displayNameOf, useProfile } from '../../../core/session/profile.ts';
import { chatServices } from '../../../core/session/services.ts';
import styles from './Chat.module.scss';

/** Enough copies to cover a message list or a media viewer at any size the layout gives them. */
const COPIES = 48;
const DEFAULT_OPACITY = 0.1;

export function Watermark({ testId }: { testId: string }) {
  const { data: profile } = useProfile();
  const { loginName, clientConfig } = chatServices();
  const name = displayNameOf(profile, loginName);
  const text = name === loginName ? loginName : `${name} ${loginName}`;
  const opacity = clientConfig?.watermarkOpacity ?? DEFAULT_OPACITY;
  return (
    <div className={styles.watermark} style={{ opacity }} aria-hidden="true" data-testid={testId}>
      {Array.from({ length: COPIES }, (_, index) => (
        <span key={index}>{text}</span>
      ))}
    </div>
  );
}
