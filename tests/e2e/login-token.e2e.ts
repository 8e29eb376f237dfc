// Automatic login (seed section 4): DEV allows token login, so a token in the action object (the start URL's
// query) logs in at once and its room opens; a refused token lands on the login form with the failure and does not
// try again. HKMA allows single sign-on: an SSO token goes through sso/login.
import { ok, person } from '../support/people.ts';
import { expect, screenshot, serveVariant, test } from './fixtures.ts';

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
