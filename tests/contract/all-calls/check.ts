// Checks a successful result against its endpoint's response definition: the JSON fields (the envelope's
// status already removed by the transport) with ajv, or a non-empty file for the file-returning calls.
import type { ValidateFunction } from 'ajv';
import type { ApiResult } from '../../../generated/api/client.ts';
import type { EndpointName } from '../../../generated/api/endpoints.ts';
import { endpointsOf, loadSchemas, SCHEMA_BASE, type Endpoint } from '../load-schemas.ts';

const { ajv, docs } = loadSchemas();
export const contract: ReadonlyMap<string, Endpoint> = new Map(endpointsOf(docs).map((e) => [e.name, e]));

/** The ajv id of an endpoint's response definition (`Name` in its own file, or `file.json#/definitions/Name`). */
export function responseRef(endpoint: Endpoint): string {
  const [file, pointer] = endpoint.response.includes('#') ? endpoint.response.split('#') : ['', `/definitions/${endpoint.response}`];
  const rel = file ? new URL(file!, SCHEMA_BASE + endpoint.file).href : SCHEMA_BASE + endpoint.file;
  return `${rel}#${pointer}`;
}

const validators = new Map<string, ValidateFunction>();

function validatorOf(endpoint: Endpoint): ValidateFunction {
  const ref = responseRef(endpoint);
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`${endpoint.name}: no response schema at ${ref}`);
    validators.set(ref, validate);
  }
  return validate;
}

function isFileResult(data: unknown): data is { blob: Blob; filename: string } {
  return typeof data === 'object' && data !== null && 'blob' in data && data.blob instanceof Blob && 'filename' in data;
}

/** Problems with the result of one call (empty when it succeeded with data of its schema). */
export async function problemsOf(name: EndpointName, result: ApiResult<unknown>): Promise<string[]> {
  if (!result.ok) {
    const first = result.errMsgList[0]?.errors[0];
    return [`failed (HTTP ${result.httpStatus ?? '?'}): ${first?.code ?? '?'} ${first?.message ?? ''}`];
  }
  const endpoint = contract.get(name);
  if (!endpoint) return [`${name} is not in schema/endpoints`];
  if (endpoint.returnsFile) {
    if (!isFileResult(result.data)) return [`expected a file, got ${JSON.stringify(result.data).slice(0, 300)}`];
    const problems: string[] = [];
    if (result.data.blob.size === 0) problems.push('the file is empty');
    if (!result.data.filename) problems.push('the file has no name');
    return problems;
  }
  const validate = validatorOf(endpoint);
  if (validate(result.data)) return [];
  return (validate.errors ?? []).map((e) => `response${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
