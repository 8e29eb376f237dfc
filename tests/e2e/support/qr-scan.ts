// The phone's camera for the QR login tests: reads the code the page shows (a screenshot of it, the app icon in
// its middle included) with a QR decoder, as the mobile app's 'QR Code Reader' would.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator } from '@playwright/test';

export async function scanQrCode(code: Locator, timeout = 3_000): Promise<string> {
  const png = PNG.sync.read(await code.screenshot({ timeout, animations: 'disabled' }));
  const found = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  if (!found) throw new Error('no QR code could be read from the page');
  return found.data;
}
