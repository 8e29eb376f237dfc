// Writes docs/errors.md from schema/errors.json (`--check` fails when the page is stale).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Entry {
  name: string;
  httpStatus: number;
  en_US: string;
  zh_TW: string;
  zh_CN: string;
  description?: string;
}

const root = path.resolve(import.meta.dirname, '..');

export function renderErrorsPage(): string {
  const { codes } = JSON.parse(readFileSync(path.join(root, 'schema/errors.json'), 'utf8')) as { codes: Record<string, Entry> };
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = Object.entries(codes)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, e]) => `| \`${code}\` | \`${e.name}\` | ${e.httpStatus} | ${cell(e.en_US)} | ${cell(e.zh_TW)} | ${cell(e.zh_CN)} |`);
  return [
    '# Error catalogue',
    '',
    'Written by `node --import tsx scripts/errors-doc.ts` from `schema/errors.json`; do not edit by hand.',
    'A failed response carries `errMsgList` with an `en_US` and a `zh_TW` group, each `{code, message}`; the client',
    'shows the message of its locale (zh_CN texts come from the client catalogue). Handlers throw the symbolic name.',
    '',
    '| code | name | HTTP | en_US | zh_TW | zh_CN |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const target = path.join(root, 'docs/errors.md');
  const page = renderErrorsPage();
  if (process.argv.includes('--check')) {
    const current = readFileSync(target, 'utf8');
    if (current !== page) {
      console.error('docs/errors.md is stale: run node --import tsx scripts/errors-doc.ts');
      process.exit(1);
    }
  } else {
    writeFileSync(target, page);
  }
}
