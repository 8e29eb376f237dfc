// The lite build (HOSPITAL_LITE_VERSION) inside a host web view (seed sections 2 and 4): no login form but 'Request
// Login', which posts the refresh-token action to the host; the host's authenticate message logs in at once and
// its room id opens that room; a refused token shows 'Login Fail'. The host is the native web view's bridge
// (window.ReactNativeWebView) and the messages it injects, as a mobile app does (docs/embedding.md).
import { ok, person } from '../support/people.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';
import { asWebView, hostPosted, hostSends } from './support/web-view.ts';

const lite = serveVariant('HOSPITAL_LITE_VERSION');

test('lite: Request Login asks the host, a refused token says Login Fail, the host token logs in and opens the room', async ({ openPage }) => {
  const nurse = await person(lite.server, 'lite_nurse', 'Nurse Chan');
  const doctor = await person(lite.server, 'lite_doctor', 'Doctor Ho');
  const roomId = String(ok(await doctor.api.createSingleRoom({ memberId: String(nurse.id) })).roomId);

  const page = await openPage();
  await asWebView(page);
  await page.goto(`${lite.url}/`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Corporate ID')).toHaveCount(0);
  const request = page.getByRole('button', { name: 'Request Login' });
  await request.click();
  await expect.poll(() => hostPosted(page)).toEqual([{ action: 'refreshToken' }]);
  await screenshot(page, 'login-lite-hospital');

  await hostSends(page, { action: 'authenticate', data: { loginName: 'lite_nurse', token: 'not-a-token', type: 'WEBVIEW' } });
  await expect(page).toHaveURL(/\/login\?loginFail$/);
  await expect(page.getByTestId('login-failure')).toHaveText('Login Fail');
  await screenshot(page, 'login-lite-hospital-fail');

  // The app signed in natively mints a login token for its web view and hands it over with the room to open.
  const { token } = ok(await nurse.api.generateToken({}));
  await hostSends(page, { action: 'authenticate', data: { loginName: 'lite_nurse', token, type: 'WEBVIEW', roomId } });
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByTestId('chat-title')).toContainText('Doctor Ho');
  // A lite build tells its host the session started (and, later, why it ended).
  await expect.poll(async () => (await hostPosted(page)).at(-1)).toEqual({ action: 'signedIn' });
});

test('lite: the webview texts in Traditional Chinese', async ({ openPage }) => {
  const page = await openPage({ locale: 'zh-TW' });
  await page.goto(`${lite.url}/login?sessionTimeout`);
  await expect(page.getByTestId('login-failure')).toHaveText('工作階段逾時，請重新要求登入');
  await expect(page.getByRole('button', { name: '要求登入' })).toBeVisible();
});
