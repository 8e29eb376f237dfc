import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noDestinationLiteral, noQueryKeyLiteral } from './contract-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('no-destination-literal', noDestinationLiteral, {
  valid: [
    { code: 'client.subscribe(roomTopic(roomId), onFrame);' },
    { code: "const path = '/chat/sec/room/getroomlist';" },
    { code: "// contract-literal: the wire format of the account topic is what this checks\nexpect(destination).toBe('/topic/account.7');" },
  ],
  invalid: [
    { code: "client.subscribe('/topic/room.1', onFrame);", errors: [{ messageId: 'destination' }] },
    { code: 'const queue = `/queue/${mq}.${id}`;', errors: [{ messageId: 'destination' }] },
    { code: "publish('/app/healthcheck', {});", errors: [{ messageId: 'destination' }] },
  ],
});

tester.run('no-query-key-literal', noQueryKeyLiteral, {
  valid: [
    { code: 'useQuery({ queryKey: queryKeys.rooms.getRoomList(body), queryFn });' },
    { code: 'useQuery(getRoomPolicyQuery(transport, body));' },
    { code: "const list = ['contacts', 'list'];" },
  ],
  invalid: [
    { code: "useQuery({ queryKey: ['contacts', 'list'], queryFn });", errors: [{ messageId: 'key' }] },
    { code: "queryClient.invalidateQueries({ queryKey: [...queryKeys.rooms.all, 'getRoomAccounts'] });", errors: [{ messageId: 'key' }] },
    { code: "useMutation({ mutationKey: ['rooms', 'pin'], mutationFn });", errors: [{ messageId: 'key' }] },
  ],
});
