/**
 * The message bus between the server's domain code and the STOMP connections. `LocalBus` delivers in
 * process; `AmqpBus` (amqp-bus.ts, BROKER_URL) implements the same interface on RabbitMQ for N processes.
 */

export interface BusMessage {
  destination: string;
  /** JSON text */
  body: string;
  headers: Readonly<Record<string, string>>;
}

/** Destinations the server uses between its processes; no client may subscribe to one, whatever the authoriser says. */
export const INTERNAL_DESTINATION_PREFIX = '/internal/';

/** Bus header naming the room a message is about, so a connection can drop what a revoked member must not get. */
export const ROOM_ID_HEADER = 'x-room-id';

export type BusHandler = (message: BusMessage) => void;
export type Unsubscribe = () => void;

export interface Bus {
  /** Resolves once the message is handed to the transport (immediately for LocalBus). */
  publish(destination: string, body: string, headers?: Record<string, string>): Promise<void>;
  /**
   * One message to several destinations (a room's fan-out to its members' queues and its topic). A cross-process
   * bus carries it between processes once, not once per destination; each process delivers it to its own
   * subscribers of each destination.
   */
  publishToAll(destinations: readonly string[], body: string, headers?: Record<string, string>): Promise<void>;
  /** Exact destination match. The handler runs for every message published after subscribing. */
  subscribe(destination: string, handler: BusHandler): Unsubscribe;
  /**
   * Resolves once messages published for a subscribed destination by any server process reach this one (a
   * cross-process bus binds asynchronously). Absent: at once, as for LocalBus.
   */
  bound?(destination: string): Promise<void>;
}

export interface LocalBusOptions {
  /** A failing handler must not stop delivery to the others; it is reported here. */
  onHandlerError?: (error: unknown, message: BusMessage) => void;
}

export class LocalBus implements Bus {
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private readonly onHandlerError: (error: unknown, message: BusMessage) => void;

  constructor(options: LocalBusOptions = {}) {
    this.onHandlerError = options.onHandlerError ?? (() => undefined);
  }

  publish(destination: string, body: string, headers: Record<string, string> = {}): Promise<void> {
    return this.publishToAll([destination], body, headers);
  }

  publishToAll(destinations: readonly string[], body: string, headers: Record<string, string> = {}): Promise<void> {
    // One headers object for every destination of the publish: connections encode the frame's shared part once.
    const shared: BusMessage['headers'] = Object.freeze({ ...headers });
    for (const destination of destinations) this.deliver(destination, body, shared);
    return Promise.resolve();
  }

  private deliver(destination: string, body: string, headers: BusMessage['headers']): void {
    const set = this.handlers.get(destination);
    if (!set) return;
    // One message object for every subscriber: connections reuse its encoded frame (message-frame.ts).
    const message: BusMessage = { destination, body, headers };
    // Copy: a handler may unsubscribe (e.g. a connection closing) while we iterate.
    for (const handler of [...set]) {
      try {
        handler(message);
      } catch (error) {
        this.onHandlerError(error, message);
      }
    }
  }

  subscribe(destination: string, handler: BusHandler): Unsubscribe {
    let set = this.handlers.get(destination);
    if (!set) {
      set = new Set();
      this.handlers.set(destination, set);
    }
    // Wrap so that the same function subscribed twice is two subscriptions.
    const entry: BusHandler = (message) => handler(message);
    set.add(entry);
    return () => {
      const current = this.handlers.get(destination);
      if (!current) return;
      current.delete(entry);
      if (current.size === 0) this.handlers.delete(destination);
    };
  }

  /** Number of destinations with at least one subscriber (for tests and metrics). */
  get destinationCount(): number {
    return this.handlers.size;
  }

  /** The destinations with at least one subscriber (for tests and metrics). */
  destinations(): string[] {
    return [...this.handlers.keys()];
  }
}
