// One set of identity services per server (the route groups public, authentication and account share them).
import type { ServerContext } from '../../context.ts';
import { createLoginService, type LoginService } from './login.ts';
import { createSessionControl, type SessionControl } from './session-control.ts';
import { createTokenService, type TokenService } from './tokens.ts';

export interface IdentityServices {
  login: LoginService;
  tokens: TokenService;
  sessions: SessionControl;
}

const byContext = new WeakMap<ServerContext, IdentityServices>();

export function identity(ctx: ServerContext): IdentityServices {
  let services = byContext.get(ctx);
  if (!services) {
    services = { login: createLoginService(ctx), tokens: createTokenService(ctx), sessions: createSessionControl(ctx) };
    byContext.set(ctx, services);
  }
  return services;
}
