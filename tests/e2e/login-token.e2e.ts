// Automatic login (seed section 4): DEV allows token login, so a token in the action object (the start URL's
// query) logs in at once and its room opens; a refused token lands on the login form with the failure and does not
// try again. HKMA allows single sign-on: an SSO token goes through sso/login. Embedded mode (`?embedded=1`): the app
// without the router, logging in from its host and telling the host each step (docs/embedding.md).
import { ok, person } from '../support/people.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';
import { asWebView, hostPosted, hostSends } from './support/web-view.ts';

const dev = serveVariant('DEV');
const hkma = serveVariant('HKMA');

test('token login from the action object: straight to the room, and a refused token shows the form once', async ({ openPage }) => {
  const owner = await person(dev.server, 'token_owner', 'Token Owner');
  const peer = await person(dev.server, 'token_peer', 'Token Peer');
  const roomId = String(ok(await peer.api.createSingleRoom({ memberId: String(owner.id) })).roomId);

  const page = await openPage();
  await page.goto(`${dev.url}/?loginName=token_owner&token=refused-token&authTokenType=WEBVIEW`);
  await expect(page).toHaveURL(/\/login\?loginFail$/);
  await expect(page.getByTestId('login-failure')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Login form' })).toBeVisible();

  const { token } = ok(await owner.api.generateToken({}));
  await page.goto(`${dev.url}/?loginName=token_owner&token=${token}&authTokenType=WEBVIEW&roomId=${roomId}`);
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByTestId('chat-title')).toContainText('Token Peer');
  await screenshot(page, 'login-token-dev');
});

test('single sign-on: an SSO token in the action object logs in through sso/login', async ({ openPage }) => {
  const user = await person(hkma.server, 'sso_user', 'Sso User');
  const { token } = ok(await user.api.generateToken({}));
  const page = await openPage();
  const ssoCall = page.waitForRequest((request) => request.url().endsWith('/v3/chat/pub/authentication/sso/login'));
  await page.goto(`${hkma.url}/?loginName=sso_user&token=${token}&authTokenType=SSO`);
  await ssoCall;
  await expect(page).toHaveURL(/\/chatroom$/);
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
});

test('embedded mode: no router, a refused token and the host token, the room opened, the host told of each step', async ({ openPage }) => {
  const nurse = await person(dev.server, 'embedded_nurse', 'Embedded Nurse');
  const doctor = await person(dev.server, 'embedded_doctor', 'Embedded Doctor');
  const roomId = String(ok(await doctor.api.createSingleRoom({ memberId: String(nurse.id) })).roomId);

  const page = await openPage();
  await asWebView(page);
  await page.goto(`${dev.url}/?embedded=1&loginName=embedded_nurse&token=<b>refused</b>&authTokenType=WEBVIEW`);
  await expect(page.getByTestId('login-failure')).toHaveText('Login Fail');
  await expect(page.getByRole('form', { name: 'Login form' })).toHaveCount(0);
  // The address stays where the host opened it, without the used token.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/?embedded=1');
  await expect.poll(() => hostPosted(page)).toEqual([{ action: 'ready' }, { action: 'loginFail', data: { reason: 'loginFail' } }]);
  await page.getByRole('button', { name: 'Request Login' }).click();
  await expect.poll(async () => (await hostPosted(page)).at(-1)).toEqual({ action: 'refreshToken' });

  const { token } = ok(await nurse.api.generateToken({}));
  await hostSends(page, { action: 'authenticate', data: { loginName: 'embedded_nurse', token, roomId } });
  await expect(page.getByTestId('chat-title')).toContainText('Embedded Doctor');
  await expect.poll(async () => (await hostPosted(page)).at(-1)).toEqual({ action: 'signedIn' });
  expect(new URL(page.url()).pathname).toBe('/');
  await screenshot(page, 'embedded-dev-chat');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('embedded-login')).toBeVisible();
  await expect.poll(async () => (await hostPosted(page)).at(-1)).toEqual({ action: 'signedOut', data: { reason: 'loggedOut' } });
  // The used token of the address is not tried again: 'Request Login' is there to ask the host for a new one.
  await expect(page.getByRole('button', { name: 'Request Login' })).toBeEnabled();
});
