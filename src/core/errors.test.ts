import { describe, expect, it } from 'vitest';
import { ApiCallError } from '@generated/api/runtime';
import { clientErrMsgList, clientFailure, failureCode, serverNotReached } from './errors.ts';

const refused = [{ locale: 'en_US' as const, errors: [] }, { locale: 'zh_TW' as const, errors: [{ code: 'UI_IM_E3001' as const, message: '你已不是參與者' }] }];

describe('failureCode and serverNotReached', () => {
  it('reads the first code of a failed result or a thrown call error, skipping an empty locale group', () => {
    expect(failureCode({ errMsgList: refused, httpStatus: 403 })).toBe('UI_IM_E3001');
    expect(failureCode(new ApiCallError('getRoomAccounts', refused, 403))).toBe('UI_IM_E3001');
  });

  it('is true for a network failure and a server error, false for a refusal', () => {
    const network = clientFailure('NETWORK');
    expect(network.ok).toBe(false);
    if (!network.ok) expect(serverNotReached(network)).toBe(true);
    expect(serverNotReached(new ApiCallError('sendAesMessage', clientErrMsgList('BAD_RESPONSE'), 502))).toBe(true);
    expect(serverNotReached({ errMsgList: refused, httpStatus: 403 })).toBe(false);
    expect(serverNotReached(new ApiCallError('getAesKeyByRoomId', refused, 403))).toBe(false);
  });
});
