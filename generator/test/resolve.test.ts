import { describe, expect, it } from 'vitest';
import { loadProject } from '../src/load/project.ts';
import { diffResolved } from '../src/resolve/diff.ts';
import { resolveVariant } from '../src/resolve/variant.ts';
import { BASIC, runCli } from './helpers.ts';

describe('resolution (extends, then defaults)', () => {
  const project = loadProject(BASIC);

  it('deep-merges the extends chain and fills every default', () => {
    const { config, chain, wordingOverrides, unknownFlags } = resolveVariant(project, 'HOSPITAL_UAT');
    expect(chain).toEqual(['CSD', 'HOSPITAL', 'HOSPITAL_UAT']);
    expect(config).not.toHaveProperty('extends');
    expect(config).not.toHaveProperty('$schema');
    expect(config).toMatchObject({
      id: 'HOSPITAL_UAT',
      title: 'Hospital Chat (UAT)',
      version: '1.0.16-rc.1',
      environment: 'uat',
      flags: { IS_ALLOW_QR_LOGIN: true, IS_ALLOW_STICKER: false, IS_SHOW_GRID_MODE: false },
      theme: {
        colors: { accent: '#00695C', surface: '#FFFFFF' },
        sizes: { messageInputText: 15, overlayOpacity: 0.8, loginFormWidth: '70%' },
        login: { layout: 'horizontal', showLabels: true },
      },
      constants: { pageSizes: { roomList: 20, accountList: 30 }, timings: { heartbeatIntervalsMs: [180000, 15000, 15000, 15000] } },
      links: { mobileDownload: 'https://csd.example.com/mobile', faq: '' },
      login: { layout: 'horizontal', showLabels: true, defaultMode: 'password' },
      layout: { columns: { left: 3, main: 9, right: 0 } },
      server: { host: '', framePolicy: 'DENY' },
    });
    expect(config.wording).toEqual({
      en_US: { departmentTitle: 'Organisation Name', helpLabel: 'Help' },
      zh_TW: { departmentTitle: '部門名稱', helpLabel: '幫助及更新' },
      // A text without a zh_CN default falls back to en_US.
      zh_CN: { departmentTitle: '部门名称', helpLabel: 'Help and Update' },
    });
    expect(wordingOverrides).toEqual({ en_US: { departmentTitle: 'Organisation Name', helpLabel: 'Help' } });
    expect(unknownFlags).toEqual([]);
  });

  it('diffs two resolved variants section by section', () => {
    const a = resolveVariant(project, 'CSD').config;
    const b = resolveVariant(project, 'HOSPITAL').config;
    const paths = diffResolved(a, b).map((d) => d.path);
    expect(paths).toContain('flags.IS_ALLOW_QR_LOGIN');
    expect(paths).toContain('theme.sizes.messageInputText');
    expect(paths).toContain('layout.columns.left');
    expect(paths).toContain('title'); // every section is compared
    expect(paths).not.toContain('id'); // except what tells them apart
  });

  it('knows which file set each resolved value', () => {
    const { setBy } = resolveVariant(project, 'HOSPITAL_UAT');
    expect(setBy).toMatchObject({
      '/id': 'variants/HOSPITAL_UAT.json',
      '/version': 'variants/HOSPITAL_UAT.json',
      '/title': 'variants/HOSPITAL_UAT.json',
      '/flags/IS_ALLOW_QR_LOGIN': 'variants/HOSPITAL.json',
      '/flags/IS_SHOW_GRID_MODE': 'schema/flags.json',
      '/theme/colors/accent': 'variants/HOSPITAL.json',
      '/theme/colors/surface': 'schema/theme.schema.json',
      '/links/mobileDownload': 'variants/CSD.json',
      '/links/faq': 'schema/variant.schema.json',
      // login.layout set by HOSPITAL also decides theme.login.layout
      '/login/layout': 'variants/HOSPITAL.json',
      '/theme/login/layout': 'variants/HOSPITAL.json',
      '/theme/login/showLabels': 'schema/variant.schema.json',
      '/wording/en_US/helpLabel': 'variants/CSD.json',
      '/wording/zh_CN/helpLabel': 'schema/wording.schema.json',
      '/constants/pageSizes/roomList': 'variants/HOSPITAL.json',
    });
  });
});

describe('chatgen list, show and diff', () => {
  it('lists ids with title, extends and environment', () => {
    const result = runCli(['list', '--json', '--root', BASIC]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { id: 'CSD', title: 'CSD Chat', extends: '', environment: 'production' },
      { id: 'HOSPITAL', title: 'Hospital Chat', extends: 'CSD', environment: 'production' },
      { id: 'HOSPITAL_UAT', title: 'Hospital Chat (UAT)', extends: 'HOSPITAL', environment: 'uat' },
    ]);
  });

  it('shows the resolved config as JSON and as lines', () => {
    const json = runCli(['show', 'HOSPITAL', '--json', '--root', BASIC]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(resolveVariant(loadProject(BASIC), 'HOSPITAL').config);
    const lines = runCli(['show', 'HOSPITAL', '--root', BASIC]);
    expect(lines.stdout).toContain('theme.sizes.messageInputText: 15  (variants/HOSPITAL.json)\n');
    expect(lines.stdout).toContain('flags.IS_ALLOW_QR_LOGIN: true  (variants/HOSPITAL.json)\n');
    expect(lines.stdout).toContain('flags.IS_SHOW_GRID_MODE: false  (schema/flags.json)\n');
    expect(lines.stdout).toContain('version: "1.0.15"  (variants/CSD.json)\n');
    const sources = JSON.parse(runCli(['show', 'HOSPITAL', '--json', '--sources', '--root', BASIC]).stdout) as {
      chain: string[];
      setBy: Record<string, string>;
    };
    expect(sources.chain).toEqual(['CSD', 'HOSPITAL']);
    expect(sources.setBy).toMatchObject({ version: 'variants/CSD.json', 'flags.IS_ALLOW_QR_LOGIN': 'variants/HOSPITAL.json' });
  });

  it('prints differences as `path: A-value → B-value`', () => {
    const result = runCli(['diff', 'CSD', 'HOSPITAL', '--root', BASIC]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        'title: "CSD Chat" → "Hospital Chat"  (variants/CSD.json → variants/HOSPITAL.json)',
        'flags.IS_ALLOW_QR_LOGIN: false → true  (variants/CSD.json → variants/HOSPITAL.json)',
        'theme.colors.accent: "#1D4E89" → "#00695C"  (variants/CSD.json → variants/HOSPITAL.json)',
        'wording.en_US.departmentTitle: "Department Name" → "Organisation Name"  (schema/wording.schema.json → variants/HOSPITAL.json)',
        'constants.pageSizes.roomList: 30 → 20  (schema/constants.schema.json → variants/HOSPITAL.json)',
        'layout.columns.main: 8 → 9  (variants/CSD.json → variants/HOSPITAL.json)',
      ]),
    );
    expect(result.stderr).toBe('12 difference(s) between CSD and HOSPITAL\n');
  });

  it('diff --exit-code exits 1 when the variants differ and 0 when they do not; --json carries the sources', () => {
    expect(runCli(['diff', 'CSD', 'HOSPITAL', '--exit-code', '--root', BASIC]).code).toBe(1);
    const same = runCli(['diff', 'CSD', 'CSD', '--exit-code', '--root', BASIC]);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe('');
    const json = runCli(['diff', 'HOSPITAL', 'HOSPITAL_UAT', '--json', '--root', BASIC]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      a: 'HOSPITAL',
      b: 'HOSPITAL_UAT',
      same: false,
      differences: [
        { path: 'title', a: 'Hospital Chat', b: 'Hospital Chat (UAT)', aSetBy: 'variants/HOSPITAL.json', bSetBy: 'variants/HOSPITAL_UAT.json' },
        { path: 'version', a: '1.0.15', b: '1.0.16-rc.1', aSetBy: 'variants/CSD.json', bSetBy: 'variants/HOSPITAL_UAT.json' },
        { path: 'buildVersion', a: 18, b: 19, aSetBy: 'variants/CSD.json', bSetBy: 'variants/HOSPITAL_UAT.json' },
        { path: 'environment', a: 'production', b: 'uat', aSetBy: 'variants/CSD.json', bSetBy: 'variants/HOSPITAL_UAT.json' },
      ],
    });
  });

  it('names an unknown id without a stack trace', () => {
    const result = runCli(['show', 'NOPE', '--root', BASIC]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('chatgen: variants/NOPE.json: unknown variant id NOPE');
  });
});
