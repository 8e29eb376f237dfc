// Stand-in for the QR login feature: present only in builds with IS_ALLOW_QR_LOGIN on.
import { QrCodeHint } from './QrCodeHint.tsx';

export function QrLoginPreview() {
  return (
    <section aria-label="QR login" data-marker="CHATGEN_MARKER_QR_LOGIN">
      <h2>QR login</h2>
      <QrCodeHint />
    </section>
  );
}
