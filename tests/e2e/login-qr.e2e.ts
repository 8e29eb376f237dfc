// QR login in the HOSPITAL build (seed sections 2 and 4): the code with the hospital instructions, a new code after
// each ttl (2 s here), the refresh icon when the codes run out, refresh starting again at 1, and a signed-in phone
// that scans the code ('QR Code Reader': sendnextoken) logging the page in with the AUTH_OTP it receives.
import { ok, person } from '../support/people.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';
import { scanQrCode } from './support/qr-scan.ts';

const hospital = serveVariant('HOSPITAL', { QR_TOKEN_TTL_SECONDS: '2' });

test('QR login: codes refresh and run out, refresh starts again, and a phone scan logs the page in', async ({ openPage }) => {
  const page = await openPage();
  await page.goto(`${hospital.url}/`);
  await page.getByRole('button', { name: 'Login with QR code' }).click();
  const qr = page.getByRole('region', { name: 'QR login' });
  await expect(
    qr.getByText('Open the chat app on your mobile device, go to Settings and tap QR Code Reader, then point the camera at this code.'),
  ).toBeVisible();
  const code = qr.getByTestId('qr-code');
  await expect(code).toHaveAttribute('data-count', '1');
  await screenshot(page, 'login-qr-hospital');

  // A new code after the ttl, then, after the first code and its 5 refreshes, the refresh icon.
  await expect(code).toHaveAttribute('data-count', '2');
  const refresh = qr.getByRole('button', { name: 'Refresh QR code' });
  await expect(refresh).toBeVisible({ timeout: 30_000 });
  await expect(code).toHaveCount(0);
  await screenshot(page, 'login-qr-hospital-expired');
  await refresh.click();
  await expect(code).toHaveAttribute('data-count', '1');

  // The phone reads the code and sends it; a code that rotated meanwhile is simply read again.
  const phone = await person(hospital.server, 'qr_phone', 'Phone Owner');
  const scanned = qr.getByRole('status').filter({ hasText: 'Code scanned. Logging in…' });
  const handedOver = async () => page.url().endsWith('/chatroom') || (await scanned.isVisible());
  await expect(async () => {
    if (await handedOver()) return;
    if (await refresh.isVisible()) await refresh.click();
    const token = await scanQrCode(code.locator('..'));
    ok(await phone.api.sendNexToken({ token }));
    await expect.poll(handedOver, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 45_000 });
  await expect(page).toHaveURL(/\/chatroom$/, { timeout: 30_000 });
  await expect(page.locator('p', { hasText: 'Welcome to Hospital Chat' }).first()).toBeVisible();
});
