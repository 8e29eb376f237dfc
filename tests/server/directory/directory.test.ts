// Distribution lists, group lists and broadcast delegates over the wire, on directory data written
// through the directory store.
import { beforeAll, describe, expect, it } from 'vitest';
import { delegateOf, listDelegatesFor, mayActFor } from '../../../server/services/directory/delegates.ts';
import { delegateStore } from '../../../server/store/repos/delegates.ts';
import { distributionLists } from '../../../server/store/repos/distribution-lists.ts';
import { groupLists } from '../../../server/store/repos/group-lists.ts';
import { errorCode } from '../../support/node-transport.ts';
import { serverForFile } from '../../support/server-fixture.ts';
import type { TestServer } from '../../support/test-server.ts';
import { ok, person, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
let carol: Person;
let outsider: Person;

const dn = (cn: string, ou = 'NGH') => `CN=${cn},OU=Distribution Lists,OU=${ou},DC=example,DC=org`;

const fixture = serverForFile();

beforeAll(async () => {
  server = fixture.server;
  const { ctx } = server.app;
  const home = (await ctx.repos.tenants.list())[0]?.id ?? (await ctx.repos.tenants.create({ fullname: 'Test Department', shortName: 'TD' })).id;
  const other = (await ctx.repos.tenants.create({ fullname: 'Other Clinic', shortName: 'OC' })).id;
  alice = await person(server, 'alice', { fullName: 'Alice Wong', tenantId: home });
  bob = await person(server, 'bob', { fullName: 'Bob Chan', tenantId: home });
  carol = await person(server, 'carol', { fullName: 'Carol Leung', tenantId: home });
  outsider = await person(server, 'oscar', { fullName: 'Oscar Other', tenantId: other });

  await ctx.db.transaction(async (tx) => {
    const lists = distributionLists(tx);
    const ward = await lists.create({ tenantId: home, cn: 'NGH Medicine Ward 5A', distinguishedName: dn('NGH Medicine Ward 5A') });
    await lists.addMembers(ward.id, ['carol', 'alice', 'Bob']);
    const pharmacy = await lists.create({ tenantId: home, cn: 'NGH Pharmacy', distinguishedName: dn('NGH Pharmacy') });
    await lists.addMembers(pharmacy.id, ['grace']);
    await lists.create({ tenantId: null, cn: 'All Wards Bulletin', distinguishedName: dn('All Wards Bulletin', 'Shared') });
    await lists.create({ tenantId: other, cn: 'OC Ward Clerks', distinguishedName: dn('OC Ward Clerks', 'OC') });

    const groups = groupLists(tx);
    const duty = await groups.createGroup({ tenantId: home, type: 'HKP_AK_GROUP', displayName: 'Duty Ward Team', identifier: 'AKG-2' });
    await groups.addGroupMembers(duty, ['alice', 'bob']);
    await groups.createGroup({ tenantId: home, type: 'HKP_AK_GROUP', displayName: 'Bed Management Team', identifier: 'AKG-1' });

    const delegates = delegateStore(tx);
    await delegates.set(alice.id, 'DL');
    await delegates.addActor(alice.id, bob.id);
    await delegates.set(carol.id, 'ALL');
  });
});

describe('distribution lists', () => {
  it('finds lists by part of their name, without case, with cn and distinguishedname, sorted by cn', async () => {
    const { ldapDistributionListNames } = ok(await alice.api.searchDistributionListNames({ distributionListNameCriteria: 'ward' }));
    expect(ldapDistributionListNames).toEqual([
      { cn: 'All Wards Bulletin', distinguishedname: dn('All Wards Bulletin', 'Shared') },
      { cn: 'NGH Medicine Ward 5A', distinguishedname: dn('NGH Medicine Ward 5A') },
    ]);
  });

  it('treats * as a wildcard and keeps other tenants\' lists out', async () => {
    const all = ok(await alice.api.searchDistributionListNames({ distributionListNameCriteria: '*' })).ldapDistributionListNames.map((l) => l.cn);
    expect(all).toEqual(['All Wards Bulletin', 'NGH Medicine Ward 5A', 'NGH Pharmacy']);
    const theirs = ok(await outsider.api.searchDistributionListNames({ distributionListNameCriteria: 'ward' })).ldapDistributionListNames;
    expect(theirs.map((l) => l.cn)).toEqual(['All Wards Bulletin', 'OC Ward Clerks']);
  });

  it('lists the members of a list by distinguished name or cn, as samaccountname', async () => {
    const byDn = ok(await alice.api.searchDistributionListMembers({ distributionListName: dn('NGH Medicine Ward 5A').toUpperCase() }));
    expect(byDn.ldapDistributionListMembers).toEqual([{ samaccountname: 'alice' }, { samaccountname: 'Bob' }, { samaccountname: 'carol' }]);
    const byCn = ok(await alice.api.searchDistributionListMembers({ distributionListName: 'NGH Pharmacy' }));
    expect(byCn.ldapDistributionListMembers).toEqual([{ samaccountname: 'grace' }]);
  });

  it('answers an unknown list, or another tenant\'s, with no members', async () => {
    expect(ok(await alice.api.searchDistributionListMembers({ distributionListName: 'No Such List' })).ldapDistributionListMembers).toEqual([]);
    expect(ok(await outsider.api.searchDistributionListMembers({ distributionListName: 'NGH Pharmacy' })).ldapDistributionListMembers).toEqual([]);
  });
});

describe('group lists', () => {
  const names = (items: { displayName?: string }[]) => items.map((i) => i.displayName);

  it('lists distribution lists and directory groups together, ascending by display name', async () => {
    const { groupList } = ok(await alice.api.searchGroupList({ type: 'ALL', asc: true }));
    expect(names(groupList)).toEqual(['All Wards Bulletin', 'Bed Management Team', 'Duty Ward Team', 'NGH Medicine Ward 5A', 'NGH Pharmacy']);
    expect(groupList[1]).toEqual({ type: 'HKP_AK_GROUP', displayName: 'Bed Management Team', identifier: 'AKG-1' });
    expect(groupList[0]).toEqual({ type: 'DL', displayName: 'All Wards Bulletin', identifier: dn('All Wards Bulletin', 'Shared') });
  });

  it('sorts descending with asc false, and ascending when asc is absent', async () => {
    const desc = ok(await alice.api.searchGroupList({ type: 'ALL', asc: false })).groupList;
    expect(names(desc)).toEqual(['NGH Pharmacy', 'NGH Medicine Ward 5A', 'Duty Ward Team', 'Bed Management Team', 'All Wards Bulletin']);
    const dflt = ok(await alice.api.searchGroupList({ type: 'ALL' })).groupList;
    expect(names(dflt)).toEqual([...names(desc)].reverse());
  });

  it('filters by type and search text', async () => {
    expect(names(ok(await alice.api.searchGroupList({ type: 'HKP_AK_GROUP' })).groupList)).toEqual(['Bed Management Team', 'Duty Ward Team']);
    expect(names(ok(await alice.api.searchGroupList({ type: 'ALL', searchCriteria: 'WARD' })).groupList)).toEqual([
      'All Wards Bulletin',
      'Duty Ward Team',
      'NGH Medicine Ward 5A',
    ]);
  });

  it('limits a delegate to its allowed selection type', async () => {
    // Alice may address distribution lists only; Bob acts for her.
    const asAlice = ok(await alice.api.searchGroupList({ type: 'ALL', delegateMemberId: alice.accountId })).groupList;
    expect(asAlice.every((g) => g.type === 'DL')).toBe(true);
    expect(asAlice).toHaveLength(3);
    const asBob = ok(await bob.api.searchGroupList({ type: 'DL', delegateMemberId: alice.accountId })).groupList;
    expect(asBob).toEqual(asAlice);
    expect(errorCode(await bob.api.searchGroupList({ type: 'HKP_AK_GROUP', delegateMemberId: alice.accountId }))).toBe('UI_IM_E1003');
    // Carol (ALL) reaches every group.
    expect(ok(await carol.api.searchGroupList({ type: 'ALL', delegateMemberId: carol.accountId })).groupList).toHaveLength(5);
  });

  it('refuses acting for a delegate one is not allowed to act for', async () => {
    expect(errorCode(await carol.api.searchGroupList({ type: 'ALL', delegateMemberId: alice.accountId }))).toBe('UI_IM_E1003');
    expect(errorCode(await bob.api.searchGroupList({ type: 'ALL', delegateMemberId: bob.accountId }))).toBe('UI_IM_E1003');
  });

  it('resolves a group list entry to login names for delivery', async () => {
    const groups = groupLists(server.app.ctx.db);
    expect(await groups.memberLoginNames('HKP_AK_GROUP', 'AKG-2')).toEqual(['alice', 'bob']);
    expect(await groups.memberLoginNames('DL', dn('NGH Pharmacy'))).toEqual(['grace']);
    expect(await groups.memberLoginNames('DL', 'unknown')).toEqual([]);
  });
});

describe('broadcast delegates', () => {
  it('delegateOf gives the selection type, display name and who may act', async () => {
    const ctx = server.app.ctx;
    const delegate = await delegateOf(ctx, alice.accountId);
    expect(delegate).toMatchObject({
      accountId: alice.id,
      delegateMemberId: alice.accountId,
      delegateMemberDisplayName: 'Alice Wong',
      allowedBroadcastSelectionType: 'DL',
      actorAccountIds: [bob.id],
    });
    expect(mayActFor(bob.id, delegate!)).toBe(true);
    expect(mayActFor(carol.id, delegate!)).toBe(false);
    expect(await delegateOf(ctx, bob.accountId)).toBeNull();
    expect(await delegateOf(ctx, 'not-an-id')).toBeNull();
  });

  it('listDelegatesFor puts the caller first, then those it acts for', async () => {
    const ctx = server.app.ctx;
    expect(await listDelegatesFor(ctx, bob.id)).toEqual([
      { delegateMemberId: alice.accountId, delegateMemberDisplayName: 'Alice Wong', allowedBroadcastSelectionType: 'DL' },
    ]);
    await delegateStore(ctx.db).addActor(carol.id, alice.id);
    const forAlice = await listDelegatesFor(ctx, alice.id);
    expect(forAlice.map((d) => d.delegateMemberId)).toEqual([alice.accountId, carol.accountId]);
    expect(await listDelegatesFor(ctx, outsider.id)).toEqual([]);
  });
});
