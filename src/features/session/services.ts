// What the chat features use of the signed-in session. The chatroom route binds it to the core's session
// once, so room list and chat never reach into the session store themselves.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiTransport } from '@generated/api/runtime';
import type { ClientConfig } from '@generated/types/index';
import type { AesKeyService } from '../../core/keys/aes-key-service.ts';
import type { RealtimeClient } from '../../core/realtime/realtime-client.ts';

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

export function provideChatServices(services: ChatServices | null): void {
  current = services;
}

export function chatServices(): ChatServices {
  if (!current) throw new Error('chat services used before sign-in');
  return current;
}

export function hasChatServices(): boolean {
  return current !== null;
}
