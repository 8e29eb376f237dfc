/**
 * generated/api/: one module per endpoint group (a function per call, its query or mutation options, the group's
 * query keys), the shared runtime types, the index with `queryKeys` by group, and for the server and the tests
 * the whole table (endpoints.ts) and a client object holding every call (client.ts). Formatted with Prettier.
 */
import { format } from 'prettier';
import type { Contract } from '../load/contract.ts';
import type { EndpointSpec } from '../load/endpoints.ts';
import { commentText, render } from './render.ts';

/** The definition a name stands for, through definitions that only name another (`{"$ref": ...}`). */
function definitionOf(contract: Contract, name: string, seen = new Set<string>()): Record<string, unknown> | undefined {
  const json = contract.index.byName.get(name)?.json;
  const ref = json?.$ref;
  if (typeof ref !== 'string' || seen.has(name)) return json;
  seen.add(name);
  return definitionOf(contract, ref.slice(ref.lastIndexOf('/') + 1), seen);
}

const propertiesOf = (definition: Record<string, unknown> | undefined) =>
  (definition?.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;

/**
 * A paged read takes `pageInfo` (common.json PageInfo) and answers `stillHaveData`: it gets infinite-query options
 * of its own, keyed apart from the single-page query.
 */
function isPaged(contract: Contract, e: EndpointSpec): boolean {
  const pageInfo = propertiesOf(definitionOf(contract, e.request)).pageInfo;
  const ref = pageInfo?.$ref;
  return e.kind === 'read' && typeof ref === 'string' && ref.endsWith('/PageInfo') && 'stillHaveData' in propertiesOf(definitionOf(contract, e.response));
}

function view(e: EndpointSpec, paged: boolean) {
  return {
    ...e,
    isRead: e.kind === 'read',
    paged,
    resultType: e.returnsFile ? 'FileResult' : `T.${e.response}`,
    summaryComment: commentText(e.summary || e.name),
    namespace: `${e.group}Calls`,
  };
}

type EndpointView = ReturnType<typeof view>;

function groupView(group: string, endpoints: EndpointView[]) {
  const reads = endpoints.filter((e) => e.isRead);
  const writes = endpoints.filter((e) => !e.isRead);
  const runtimeImports = [
    'type ApiResult',
    'type ApiTransport',
    'type CallOptions',
    'type EndpointDescriptor',
    ...(endpoints.some((e) => e.returnsFile) ? ['type FileResult'] : []),
    ...(writes.some((e) => e.multipart) ? ['type MultipartVariables'] : []),
    ...(reads.some((e) => e.paged) ? ['type PagedBody'] : []),
    'unwrap',
  ];
  const tanstackImports = [
    ...(reads.some((e) => e.paged) ? ['infiniteQueryOptions'] : []),
    ...(writes.length > 0 ? ['mutationOptions'] : []),
    ...(reads.length > 0 ? ['queryOptions'] : []),
  ];
  return {
    group,
    ident: group,
    keysName: `${group}Keys`,
    namespace: `${group}Calls`,
    endpoints,
    reads,
    runtimeImports: runtimeImports.join(', '),
    tanstackImports: tanstackImports.join(', '),
    endpointImports: endpoints.map((e) => `${e.name}Endpoint`).join(', '),
  };
}

/** Generated code reads like hand-written code: Prettier with the project's line width. */
async function formatted(text: string): Promise<string> {
  return format(text, { parser: 'typescript', printWidth: 140, singleQuote: true });
}

export async function emitApi(contract: Contract): Promise<Map<string, string>> {
  const endpoints = contract.endpoints.map((e) => view(e, isPaged(contract, e)));
  const byGroup = new Map<string, EndpointView[]>();
  for (const e of endpoints) byGroup.set(e.group, [...(byGroup.get(e.group) ?? []), e]);
  const groups = [...byGroup.keys()].sort().map((g) => groupView(g, byGroup.get(g)!));
  const out = new Map<string, string>();
  out.set('api/runtime.ts', render('api-runtime.ts', { errMsgListImport: contract.index.byName.has('ErrMsgList'), endpointNames: endpoints.map((e) => e.name).sort() }));
  for (const g of groups) out.set(`api/${g.group}.ts`, render('api-group.ts', g));
  out.set('api/index.ts', render('api-index.ts', { groups }));
  out.set('api/endpoints.ts', render('endpoints.ts', { groups, endpoints }));
  out.set('api/client.ts', render('client.ts', { groups, endpoints }));
  for (const [path, text] of out) out.set(path, await formatted(text));
  return out;
}
