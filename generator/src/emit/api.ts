/** generated/api/: endpoint table, typed client and TanStack Query option builders. */
import type { Contract } from '../load/contract.ts';
import type { EndpointSpec } from '../load/endpoints.ts';
import { commentText, render } from './render.ts';

function resultType(e: EndpointSpec): string {
  return e.returnsFile ? 'FileResult' : `EndpointResponse<${JSON.stringify(e.name)}>`;
}

function view(e: EndpointSpec) {
  return {
    ...e,
    resultType: resultType(e),
    summaryComment: commentText(e.summary || e.name),
    variablesType: e.multipart
      ? `MultipartVariables<EndpointRequest<${JSON.stringify(e.name)}>>`
      : `EndpointRequest<${JSON.stringify(e.name)}>`,
  };
}

export function emitApi(contract: Contract): Map<string, string> {
  const endpoints = contract.endpoints.map(view);
  const reads = endpoints.filter((e) => e.kind === 'read');
  const writes = endpoints.filter((e) => e.kind === 'write');
  const needsFile = endpoints.some((e) => e.returnsFile);
  const needsResponse = endpoints.some((e) => !e.returnsFile);
  const clientImports = ['type ApiClient', ...(writes.some((e) => e.multipart) ? ['type CallOptions'] : []), ...(needsFile ? ['type FileResult'] : []), 'unwrap'];
  const endpointImports = ['EndpointRequest', ...(needsResponse ? ['EndpointResponse'] : [])];
  const out = new Map<string, string>();
  out.set('api/endpoints.ts', render('endpoints.ts', { endpoints }));
  out.set('api/client.ts', render('client.ts', { endpoints, errMsgListImport: contract.index.byName.has('ErrMsgList') }));
  out.set(
    'api/queries.ts',
    render('queries.ts', {
      endpoints,
      reads,
      writes,
      clientImports: clientImports.join(', '),
      endpointImports: endpointImports.join(', '),
    }),
  );
  return out;
}
