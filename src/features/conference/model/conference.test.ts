import { describe, expect, it } from 'vitest';
import type { AnyNotification } from '@generated/realtime/index';
import type { Account, ConferenceType } from '@generated/types/index';
import { actionsFor, afterAction, createBody, invitationOf, inviteeChoices, joinable, tokenExpiry } from './conference.ts';

const account = (accountId: string): Account => ({ accountId, loginName: `user${accountId}` }) as Account;
const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('built-in conference state', () => {
  it('offers start and stop while created, stop while started, nothing once ended', () => {
    expect(actionsFor('CREATED')).toEqual(['start', 'stop']);
    expect(actionsFor('STARTED')).toEqual(['stop']);
    expect(actionsFor('ENDED')).toEqual([]);
    expect(afterAction('start')).toBe('STARTED');
    expect(afterAction('stop')).toBe('ENDED');
    expect(joinable('STARTED')).toBe(true);
    expect(joinable('ENDED')).toBe(false);
  });
});

describe('invitees', () => {
  const members = [account('1'), account('2'), account('3')];
  it('leaves the creator out of the choices', () => {
    expect(inviteeChoices(members, '1').map((m) => m.accountId)).toEqual(['2', '3']);
  });
  it('sends only chosen members of the room, in the room order, and nothing when none is chosen', () => {
    const choices = inviteeChoices(members, '1');
    expect(createBody('9', 'VIDEO', new Set(['3', '2', '77']), choices)).toEqual({ type: 'VIDEO', roomId: '9', accountIds: ['2', '3'] });
    expect(createBody('9', 'VOICE', new Set(), choices)).toBeNull();
    expect(createBody('9', 'VOICE', new Set(['1']), choices)).toBeNull();
  });
});

describe('tokenExpiry', () => {
  it('reads the exp claim of a join token', () => {
    const token = `${b64url({ alg: 'EdDSA' })}.${b64url({ exp: 1_800_000_000, sub: '1' })}.sig`;
    expect(tokenExpiry(token)?.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
  });
  it('answers null for hostile or unreadable tokens', () => {
    expect(tokenExpiry('')).toBeNull();
    expect(tokenExpiry('a.<script>.b')).toBeNull();
    expect(tokenExpiry(`x.${b64url({ exp: 'soon' })}.y`)).toBeNull();
  });
});

describe('invitations', () => {
  const created = (creatorId: string, type: ConferenceType = 'VOICE'): AnyNotification => ({
    notifyType: 'CONFERENCE_CREATE',
    senderId: creatorId,
    dataId: 'c-1',
    roomId: '9',
    data: {
      uuid: 'c-1',
      type,
      creatorId,
      data: { participants: [{ accountId: '1', role: 'CREATOR' }, { accountId: '2', role: 'INVITEE' }, { accountId: '3', role: 'INVITEE' }] },
    },
  });
  it('reads an invitation from the creator for an invitee', () => {
    expect(invitationOf(created('1'), '2')).toEqual({ uuid: 'c-1', roomId: '9', type: 'VOICE', invited: 2 });
    expect(invitationOf(created('1', 'VIDEO'), '3')?.type).toBe('VIDEO');
  });
  it('leaves out the creator\'s own copy, other notifications and malformed ones', () => {
    expect(invitationOf(created('1'), '1')).toBeNull();
    expect(invitationOf({ notifyType: 'CONFERENCE_CALL', senderId: '1', dataId: 'c-1', roomId: '9', data: { uuid: 'c-1', creatorId: '1' } }, '2')).toBeNull();
    expect(invitationOf({ notifyType: 'CONFERENCE_CREATE', senderId: '1', dataId: 'c-1', roomId: '9', data: { creatorId: '1' } }, '2')).toBeNull();
    expect(invitationOf({ notifyType: 'CONFERENCE_CREATE', senderId: '1', dataId: 'c-1', roomId: '', data: { uuid: 'c-1', creatorId: '1' } }, '2')).toBeNull();
  });
});
