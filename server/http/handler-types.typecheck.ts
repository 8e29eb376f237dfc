// Checked by `tsc --noEmit` (npm run typecheck), never run: the handler table is total over the contract and
// secured handlers get a non-null session. Each @ts-expect-error fails the type check if the rule stops holding.
import type { EndpointInput, Handlers } from './handler-types.ts';

declare const everyHandler: Handlers;

// A table without one call's handler is not a server.
const { login: _loginHandler, ...withoutLogin } = everyHandler;
// @ts-expect-error login is missing
export const incomplete: Handlers = withoutLogin;

// A misspelt handler name is refused.
// @ts-expect-error getAccountProfil is no call of the contract
export const misspelt: Handlers = { ...everyHandler, getAccountProfil: everyHandler.getAccountProfile };

// Secured calls always have a session; public calls may not.
// @ts-expect-error a secured handler's session is never null
export const securedWithoutSession: EndpointInput<'getAccountProfile'>['session'] = null;
export const publicWithoutSession: EndpointInput<'login'>['session'] = null;
