import { describe, expect, it } from 'vitest';
import { parseBusinessApps } from '../../server/business-apps.ts';
import { readConfig } from '../../server/config.ts';

const roster = { appId: 'roster', name: { en_US: 'Duty Roster', zh_TW: '值班表', zh_CN: '值班表' }, url: 'https://apps.example.com/roster' };

describe('BUSINESS_APPS', () => {
  it('offers none by default and reads a JSON array of apps', () => {
    expect(readConfig({}).businessApps).toEqual([]);
    expect(readConfig({ BUSINESS_APPS: JSON.stringify([roster]) }).businessApps).toEqual([roster]);
  });

  it('refuses a malformed value, naming the entry', () => {
    expect(() => parseBusinessApps('{')).toThrow('BUSINESS_APPS must be a JSON array');
    expect(() => parseBusinessApps(JSON.stringify([{ ...roster, url: 'javascript:alert(1)' }]))).toThrow('BUSINESS_APPS[0]: url must be an http(s) URL');
    expect(() => parseBusinessApps(JSON.stringify([roster, { ...roster, name: { en_US: 'x' } }]))).toThrow('BUSINESS_APPS[1]: name.zh_TW');
  });
});
