/** generated/server/: the route table and precompiled (ajv standalone) request validators. */
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { Contract } from '../load/contract.ts';
import type { Project } from '../load/project.ts';
import { createAjv } from '../validate/ajv.ts';
import { fieldErrorsByEndpoint, fileCharsByEndpoint } from './field-errors.ts';
import { HEADER_TEXT, render } from './render.ts';

// CommonJS module: the function is the module itself or its `default`, depending on the loader's interop.
const standaloneCode = ((standaloneCodeModule as unknown as { default?: typeof standaloneCodeModule }).default ??
  standaloneCodeModule) as typeof standaloneCodeModule;

export function emitServer(project: Project, contract: Contract): Map<string, string> {
  const out = new Map<string, string>();
  out.set('server/routes.ts', render('routes.ts', { endpoints: contract.endpoints }));
  const fieldErrors = fieldErrorsByEndpoint(project, contract);
  out.set(
    'server/field-errors.ts',
    [
      `// ${HEADER_TEXT}`,
      "import type { EndpointName } from '../api/endpoints.ts';",
      "import type { ErrorName } from '../errors.ts';",
      '',
      '/** Per call: request field (JSON pointer) → the error the server answers when that field is invalid (`x-error`). */',
      `export const fieldErrors: Partial<Record<EndpointName, Readonly<Record<string, ErrorName>>>> = ${JSON.stringify(fieldErrors, null, 2)};`,
      '',
    ].join('\n'),
  );
  out.set(
    'server/file-fields.ts',
    [
      `// ${HEADER_TEXT}`,
      "import type { EndpointName } from '../api/endpoints.ts';",
      '',
      '/** Per call that carries files inline: the most characters its base64 (`contentEncoding`) fields hold together. */',
      `export const fileFieldChars: Partial<Record<EndpointName, number>> = ${JSON.stringify(fileCharsByEndpoint(project, contract), null, 2)};`,
      '',
    ].join('\n'),
  );

  const { ajv } = createAjv(project, { standalone: true });
  // ajv's standalone output repeats a function exported under two names, so each request schema is exported
  // once and calls sharing it (e.g. every empty request) become aliases.
  const refs: Record<string, string> = {};
  const firstByRef = new Map<string, string>();
  const aliases: string[] = [];
  for (const e of contract.endpoints) {
    const first = firstByRef.get(e.requestRef);
    if (first) aliases.push(`export const ${e.name} = ${first};`);
    else {
      firstByRef.set(e.requestRef, e.name);
      refs[e.name] = e.requestRef;
    }
  }
  const code = standaloneCode(ajv, refs).replace(/^"use strict";\s*/, '');
  const names = contract.endpoints.map((e) => e.name);
  const js = [
    `// ${HEADER_TEXT}`,
    '// Request validators compiled by ajv (standalone), one per call, keyed by endpoint name.',
    "import { createRequire } from 'node:module';",
    '',
    '// The compiled code loads ajv runtime helpers and formats with require().',
    'const require = createRequire(import.meta.url);',
    code.trim(),
    '',
    ...aliases,
    '',
    `export const validators = Object.freeze({ ${names.join(', ')} });`,
    '',
  ].join('\n');
  out.set('server/validators.js', js);
  out.set('server/validators.d.ts', render('validators.d.ts', { names }));
  return out;
}
