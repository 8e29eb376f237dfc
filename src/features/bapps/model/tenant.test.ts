import { describe, expect, it } from 'vitest';
import { appUrl, currentTenant, tenantLabel } from './tenant.ts';

const tenants = [
  { tenantId: '1', fullname: 'Queen Mary Hospital', shortName: 'QMH' },
  { tenantId: '2', fullname: 'Tuen Mun Hospital', fullnameDisplay: 'TMH Cluster' },
];

describe('the tenant a business app opens for', () => {
  it('adds the tenant to a web address, replacing one already there, and leaves other addresses alone', () => {
    expect(appUrl('https://apps.example/roster?x=1', '2')).toBe('https://apps.example/roster?x=1&tenantId=2');
    expect(appUrl('https://apps.example/roster?tenantId=9', '2')).toBe('https://apps.example/roster?tenantId=2');
    expect(appUrl('https://apps.example/roster', null)).toBe('https://apps.example/roster');
    expect(appUrl('javascript:alert(1)', '2')).toBe('javascript:alert(1)');
    expect(appUrl('not a url', '2')).toBe('not a url');
  });

  it('keeps a listed choice, else my own tenant, else the first', () => {
    expect(currentTenant(tenants, '2', '1')).toBe('2');
    expect(currentTenant(tenants, 'gone', '1')).toBe('1');
    expect(currentTenant(tenants, null, 'other')).toBe('1');
    expect(currentTenant([], null, '1')).toBeNull();
  });

  it('names a tenant by its display name first', () => {
    expect(tenants.map(tenantLabel)).toEqual(['Queen Mary Hospital', 'TMH Cluster']);
  });
});
