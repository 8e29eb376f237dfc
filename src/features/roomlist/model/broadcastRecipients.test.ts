import { describe, expect, it } from 'vitest';
import { listTypeFor, parseLoginNames, recipientFields, selectionDisplays, type RecipientChoice } from './broadcastRecipients.ts';

const all = { groupList: true, distributionList: true, uploadList: true };

describe('selectionDisplays', () => {
  it('gives a delegate with ALL rights people, switches, search and upload', () => {
    expect(selectionDisplays('ALL', all)).toEqual(['PEOPLE', 'SWITCH', 'SEARCH', 'UPLOAD']);
  });

  it('gives list-only delegates the list displays and never people or upload', () => {
    expect(selectionDisplays('DL', all)).toEqual(['SWITCH', 'SEARCH']);
    expect(selectionDisplays('HKP_AK_GROUP', { ...all, groupList: false })).toEqual([]);
    expect(selectionDisplays('DL', { groupList: false, distributionList: true, uploadList: true })).toEqual(['SEARCH']);
  });

  it('follows the variant flags and gives nothing without a delegate', () => {
    expect(selectionDisplays('ALL', { groupList: false, distributionList: false, uploadList: false })).toEqual(['PEOPLE']);
    expect(selectionDisplays(undefined, all)).toEqual([]);
  });
});

describe('listTypeFor', () => {
  it('asks for the kinds the delegate and the variant allow', () => {
    expect(listTypeFor('DL', all)).toBe('DL');
    expect(listTypeFor('ALL', all)).toBe('ALL');
    expect(listTypeFor('ALL', { ...all, groupList: false })).toBe('DL');
    expect(listTypeFor('ALL', { ...all, distributionList: false })).toBe('HKP_AK_GROUP');
  });
});

describe('parseLoginNames', () => {
  it('reads names per line, comma, semicolon or space, once each ignoring case', () => {
    expect(parseLoginNames('\uFEFFann\r\nbob, carol;"dave"\n\n ANN  eve\t')).toEqual(['ann', 'bob', 'carol', 'dave', 'eve']);
    expect(parseLoginNames(' \n ')).toEqual([]);
  });
});

describe('recipientFields', () => {
  const none: RecipientChoice = { toAll: false, memberIds: [], switched: [], searched: [], loginNames: [] };

  it('is null when nobody is chosen', () => {
    expect(recipientFields(none)).toBeNull();
  });

  it('sends to all active members alone when chosen', () => {
    expect(recipientFields({ ...none, toAll: true, memberIds: ['1'] })).toEqual({ isAllActiveMembers: true });
  });

  it('puts distribution lists found by search as distinguished names and groups as group entries', () => {
    expect(
      recipientFields({
        ...none,
        memberIds: ['7', '7'],
        switched: [{ type: 'HKP_AK_GROUP', identifier: 'g1' }],
        searched: [
          { type: 'DL', identifier: 'CN=Ward,OU=Lists' },
          { type: 'HKP_AK_GROUP', identifier: 'g2' },
        ],
        loginNames: ['ann'],
      }),
    ).toEqual({ memberIds: ['7'], switchList: ['g1'], distinguishednames: ['CN=Ward,OU=Lists'], groupList: ['g2'], loginNames: ['ann'] });
  });
});
