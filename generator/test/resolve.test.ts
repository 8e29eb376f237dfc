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
    expect(paths).not.toContain('title'); // not a compared section
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
    expect(lines.stdout).toContain('theme.sizes.messageInputText: 15\n');
    expect(lines.stdout).toContain('flags.IS_ALLOW_QR_LOGIN: true\n');
  });

  it('prints differences as `path: A-value → B-value`', () => {
    const result = runCli(['diff', 'CSD', 'HOSPITAL', '--root', BASIC]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        'flags.IS_ALLOW_QR_LOGIN: false → true',
        'theme.colors.accent: "#1D4E89" → "#00695C"',
        'wording.en_US.departmentTitle: "Department Name" → "Organisation Name"',
        'constants.pageSizes.roomList: 30 → 20',
        'layout.columns.main: 8 → 9',
      ]),
    );
  });

  it('names an unknown id without a stack trace', () => {
    const result = runCli(['show', 'NOPE', '--root', BASIC]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('chatgen: variants/NOPE.json: unknown variant id NOPE');
  });
});
