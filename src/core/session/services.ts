// What the chat features use of the signed-in session. The chatroom route binds it to the core's session
// once, so room list and chat never reach into the session store themselves.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiTransport } from '@generated/api/runtime';
import type { ClientConfig } from '@generated/types/index';
import type { AesKeyService } from '../keys/aes-key-service.ts';
import type { RealtimeClient } from '../realtime/realtime-client.ts';

export interface ChatServices {
  /** The generated calls take it: `markReadAesMessages(transport, body)`. */
  transport: ApiTransport;
  keys: AesKeyService;
  /** The core's query client: the server state of the session (cleared with it). */
  queryClient: QueryClient;
  realtime: RealtimeClient | null;
  accountId: string;
  /** The login name: room topic messages name their sender by it. */
  loginName: string;
  clientConfig: ClientConfig | undefined;
}

let current: ChatServices | null = null;
/**
 * The services of the session that has just ended. A chat still mounted when its session ends (a remote logout while
 * it was mounting: its effects run once more before the route goes to the login page) reads these instead of
 * throwing into the error page. Nothing reaches the server as that user through them: the transport reads the
 * cleared session store and the realtime client is closed. The next sign-in replaces them.
 */
let ended: ChatServices | null = null;

export function provideChatServices(services: ChatServices | null): void {
  ended = services ? null : (current ?? ended);
  current = services;
}

export function chatServices(): ChatServices {
  const services = current ?? ended;
  if (!services) throw new Error('chat services used before sign-in');
  return services;
}

export function hasChatServices(): boolean {
  return current !== null;
}
