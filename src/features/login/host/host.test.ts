import { describe, expect, it } from 'vitest';
import { readDeepLink } from '../../../core/navigation/deep-link.ts';
import { readAuthentication } from './authenticate.ts';
import { readHostMessage } from './host-bridge.ts';

describe('readHostMessage', () => {
  it('reads {action, data} from JSON text or an object, and nothing else', () => {
    expect(readHostMessage('{"action":"authenticate","data":{"token":"t"}}')).toEqual({ action: 'authenticate', data: { token: 't' } });
    expect(readHostMessage({ action: 'refreshToken' })).toEqual({ action: 'refreshToken', data: undefined });
    for (const raw of ['not json', '42', null, { data: 1 }, { action: '' }, { action: 7 }]) expect(readHostMessage(raw)).toBeNull();
  });
});

describe('readAuthentication', () => {
  it('takes login name, token, systemId and type, and turns the room id into a go-to-room action', () => {
    const read = readAuthentication({ loginName: ' nurse ', token: 'abc', systemId: 'HIS', type: 'SSO', roomId: 42 });
    expect(read).toEqual({
      loginName: 'nurse',
      tokenData: { token: 'abc', type: 'SSO', systemId: 'HIS' },
      actionObj: expect.any(Object),
    });
    expect(readDeepLink(read!.actionObj)).toEqual({ action: 'gotoroom', roomId: '42' });
  });

  it('defaults the type to WEBVIEW and carries no action without a room', () => {
    expect(readAuthentication({ loginName: 'nurse', token: 'abc' })).toEqual({ loginName: 'nurse', tokenData: { token: 'abc', type: 'WEBVIEW' }, actionObj: undefined });
  });

  it('refuses a message without name or token, or with an unknown token type', () => {
    for (const data of [null, 'x', { token: 'abc' }, { loginName: 'nurse' }, { loginName: 'nurse', token: ' ' }, { loginName: 'n', token: 't', type: 'PASSWORD' }]) {
      expect(readAuthentication(data)).toBeNull();
    }
  });
});
