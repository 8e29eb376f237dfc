import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderErrorsPage } from './errors-doc.ts';

it('docs/errors.md matches schema/errors.json', () => {
  const page = readFileSync(path.resolve(import.meta.dirname, '../docs/errors.md'), 'utf8');
  expect(page).toBe(renderErrorsPage());
  expect(page).toContain('UI_IM_E9912');
});
