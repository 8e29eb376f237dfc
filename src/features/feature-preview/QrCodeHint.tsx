// Second module of the flag-gated feature, so the check covers a module graph and not a single file.
export function QrCodeHint() {
  return <p data-marker="CHATGEN_MARKER_QR_HINT">Scan the code with the mobile app: Settings, QR Code Reader.</p>;
}
