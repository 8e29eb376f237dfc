import { describe, expect, it } from 'vitest';
import type { Account } from '@generated/types/index';
import { chosenIds, copyMembers } from './copyMembers.ts';

const account = (accountId: string): Account => ({ accountId } as Account);
const members = [account('1'), account('2'), account('3')];

describe("copy chatroom's members", () => {
  it('leaves out the members who can no longer use the chat, and those unticked', () => {
    const list = copyMembers(members, new Set(['1', '3']), ['3']);
    expect(list.map((m) => [m.account.accountId, m.addable, m.chosen])).toEqual([
      ['1', true, true],
      ['2', false, false],
      ['3', true, false],
    ]);
    expect(chosenIds(list)).toEqual(['1']);
  });

  it('offers every member while the check is pending', () => {
    expect(chosenIds(copyMembers(members, undefined, []))).toEqual(['1', '2', '3']);
  });
});
