// The JSON Schema editors use for variant files (each file's `$schema`): generated/schema/variant.json. Checked
// here as an editor checks a file: the file's own JSON (not resolved) against the schema, with ajv in non-strict
// mode (editors ignore keywords they do not know).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ROOT, loadSchema, variantFiles } from './helpers.ts';

interface EditorSchema {
  properties: {
    flags: { additionalProperties: boolean; properties: Record<string, { type: string; description: string; default: boolean }> };
  };
  definitions: { VariantId: { enum: string[] } };
}

const schemaText = readFileSync(join(ROOT, 'generated/schema/variant.json'), 'utf8');
const schema = JSON.parse(schemaText) as EditorSchema;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);
const files = variantFiles();
const ids = files.map((f) => f.replace(/\.json$/, '')).sort();
const read = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, 'variants', file), 'utf8')) as Record<string, unknown>;

describe('the editor schema of variant files', () => {
  it('is what each variant file names as its $schema, self-contained (no $ref to another file)', () => {
    for (const file of files) expect(read(file).$schema, file).toBe('../generated/schema/variant.json');
    expect(schemaText).not.toMatch(/"\$ref": "(?!#)/);
    expect(schemaText).not.toMatch(/"x-[a-z-]+":/);
  });

  it('accepts every variant file as it is', () => {
    for (const file of files) expect(validate(read(file)), `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  });

  it('lists every flag of flags.json with its type, description and default, and no other name', () => {
    const flags = loadSchema('flags.json').properties!;
    const listed = schema.properties.flags.properties;
    expect(Object.keys(listed).sort()).toEqual(Object.keys(flags).sort());
    for (const [name, entry] of Object.entries(flags)) {
      expect(listed[name]!.type, name).toBe('boolean');
      expect(listed[name]!.default, name).toBe(entry.default);
      expect(listed[name]!.description, name).toContain(entry.description!);
    }
    expect(schema.properties.flags.additionalProperties).toBe(false);
  });

  it('underlines a misspelt flag, a flag given as a string and an unknown parent', () => {
    const csd = read('CSD.json');
    expect(validate({ ...csd, flags: { IS_ALLOW_QR_LOGN: true } })).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ instancePath: '/flags', keyword: 'additionalProperties', params: { additionalProperty: 'IS_ALLOW_QR_LOGN' } }),
    );
    expect(validate({ ...csd, flags: { IS_ALLOW_QR_LOGIN: 'yes' } })).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: '/flags/IS_ALLOW_QR_LOGIN', keyword: 'type' }));
    expect(validate({ id: 'CSD_UAT', extends: 'CSX' })).toBe(false);
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: '/extends', keyword: 'enum' }));
  });

  it('completes extends (and id) with the variant ids', () => {
    expect(schema.definitions.VariantId.enum).toEqual(ids);
  });
});
