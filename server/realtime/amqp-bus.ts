/**
 * The realtime bus on RabbitMQ (BROKER_URL=amqp://…), so that N server processes share it: a frame published
 * by any process reaches the subscribers of its destination on every process (docs/deploy.md).
 *
 * Topology: one direct exchange (default `chatgen.bus`); each process declares its own queue and binds it to
 * the routing key of every destination it has at least one local subscriber for, so a process receives only
 * what its own connections listen to, and to FAN_OUT_ROUTING_KEY: a message for many destinations at once (a
 * send to a room of 100 members: 100 reply queues and the room topic) is one AMQP message that every process
 * receives once and delivers to its own subscribers of those destinations. Everything (binds, publishes, consumption) runs on one channel: RabbitMQ
 * handles a channel's methods in order, so a message published after a bind on this process is routed by it.
 *
 * Broker loss: amqplib's recovery reconnects with backoff; each (re)connect declares the topology again and
 * binds every destination still subscribed. Publishes while disconnected wait in a bounded buffer, in order.
 * The queue outlives a short connection loss (x-expires, not exclusive), so frames routed to it meanwhile are
 * delivered late rather than lost; after a broker restart they are lost, and clients catch up over HTTP as
 * after any reconnect.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { connect, type Channel, type ChannelModel, type ConsumeMessage, type RecoveringChannelModel } from 'amqplib';
import { INTERNAL_DESTINATION_PREFIX, LocalBus, type Bus, type BusHandler, type BusMessage, type Unsubscribe } from './broker.ts';

/** AMQP header carrying the destination (a routing key is at most 255 bytes; a destination may be longer). */
const DESTINATION_HEADER = 'x-chatgen-destination';
/** AMQP header of a fan-out message: the JSON array of its destinations. */
const DESTINATIONS_HEADER = 'x-chatgen-destinations';
/**
 * Routing key every process's queue is bound to: a message for many destinations (a room's members' queues and
 * its topic) crosses the broker once and reaches each process once, which delivers it to its own subscribers.
 */
export const FAN_OUT_ROUTING_KEY = `${INTERNAL_DESTINATION_PREFIX}fan-out`;
const MAX_ROUTING_KEY_BYTES = 255;

export interface AmqpBusOptions {
  /** amqp://user:password@host:port/vhost (a heartbeat of 10 s is added when the URL names none) */
  url: string;
  /** direct exchange shared by every process of one deployment */
  exchange?: string;
  /** messages kept while the broker is unreachable; the oldest is dropped beyond (default 10,000) */
  maxBufferedPublishes?: number;
  /** how long the broker keeps this process's queue without a consumer (default 60 s) */
  queueExpiresMs?: number;
  /** most messages waiting in this process's queue; the oldest is dropped beyond (default 100,000) */
  maxQueueLength?: number;
  /** reconnect backoff bounds */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number };
  /** events and faults, never message bodies */
  log?: (message: string, error?: unknown) => void;
  onHandlerError?: (error: unknown, message: BusMessage) => void;
}

interface PendingPublish {
  routingKey: string;
  content: Buffer;
  headers: Record<string, string>;
}

/** Routing key of a destination: itself when it fits, else a digest (the destination travels in a header). */
export function routingKeyOf(destination: string): string {
  if (Buffer.byteLength(destination) <= MAX_ROUTING_KEY_BYTES) return destination;
  return `sha256:${createHash('sha256').update(destination).digest('hex')}`;
}

function withDefaultHeartbeat(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', '10');
  return parsed.toString();
}

export class AmqpBus implements Bus {
  private readonly local: LocalBus;
  /** local subscriber count per destination: the queue is bound while it is above zero */
  private readonly subscriberCounts = new Map<string, number>();
  private readonly pending: PendingPublish[] = [];
  private channel: Channel | null = null;
  /** settles once the current channel has applied every bind issued so far */
  private binds: Promise<unknown> = Promise.resolve();
  private closing = false;
  private droppedWhileDown = 0;
  /** AMQP messages this process has handed to the broker or its buffer (for tests and metrics) */
  messagesPublished = 0;
  private readonly log: (message: string, error?: unknown) => void;
  readonly queueName: string;
  readonly exchange: string;

  private constructor(
    private readonly options: AmqpBusOptions,
    private model: RecoveringChannelModel | null = null,
  ) {
    this.log = options.log ?? (() => undefined);
    this.local = new LocalBus({ onHandlerError: options.onHandlerError });
    this.exchange = options.exchange ?? 'chatgen.bus';
    this.queueName = `${this.exchange}.${hostname()}.${process.pid}.${randomBytes(6).toString('hex')}`;
  }

  /** Connects (retrying with backoff until the broker answers) and declares this process's queue. */
  static async connect(options: AmqpBusOptions): Promise<AmqpBus> {
    const bus = new AmqpBus(options);
    const model = await connect(withDefaultHeartbeat(options.url), {
      recovery: {
        initialDelay: options.reconnect?.initialDelayMs ?? 200,
        maxDelay: options.reconnect?.maxDelayMs ?? 5_000,
        maxRetries: Infinity,
        // A start against a broker that never answers fails instead of waiting for ever.
        initialMaxRetries: 10,
        waitForConnect: false,
        setup: (connected: ChannelModel) => bus.setUp(connected),
      },
    });
    bus.model = model;
    model.on('disconnect', (error: Error) => {
      bus.channel = null;
      if (!bus.closing) bus.log('realtime bus: broker connection lost; reconnecting', error.message);
    });
    model.on('connect', () => {
      if (bus.droppedWhileDown > 0) bus.log(`realtime bus: ${bus.droppedWhileDown} frames dropped while the broker was unreachable`);
      bus.droppedWhileDown = 0;
    });
    model.on('error', (error: Error) => bus.log('realtime bus: broker connection error', error.message));
    try {
      await model.waitForConnect();
    } catch (error) {
      await model.close().catch(() => undefined);
      throw error;
    }
    return bus;
  }

  /** After every (re)connect: exchange, queue, one bind per subscribed destination, consumer, then the backlog. */
  private async setUp(connected: ChannelModel): Promise<void> {
    const channel = await connected.createChannel();
    channel.on('error', (error: Error) => this.log('realtime bus: channel error', error.message));
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.channel = null;
      // A channel closed under a live connection (an operation the broker refused): open a fresh one.
      if (!this.closing) void this.setUp(connected).catch((error: unknown) => this.log('realtime bus: channel not reopened', error));
    });
    await channel.assertExchange(this.exchange, 'direct', { durable: false, autoDelete: false });
    await channel.assertQueue(this.queueName, {
      durable: false,
      exclusive: false,
      autoDelete: false,
      arguments: {
        'x-expires': this.options.queueExpiresMs ?? 60_000,
        'x-max-length': this.options.maxQueueLength ?? 100_000,
        'x-overflow': 'drop-head',
      },
    });
    const routingKeys = [FAN_OUT_ROUTING_KEY, ...[...this.subscriberCounts.keys()].map(routingKeyOf)];
    await Promise.all(routingKeys.map((routingKey) => channel.bindQueue(this.queueName, this.exchange, routingKey)));
    await channel.consume(this.queueName, (message) => this.onDelivery(message), { noAck: true });
    this.binds = Promise.resolve();
    this.channel = channel;
    const backlog = this.pending.splice(0);
    for (const item of backlog) this.publishOn(channel, item);
  }

  private onDelivery(message: ConsumeMessage | null): void {
    if (!message) return; // consumer cancelled by the broker (queue deleted); the next setUp declares it again
    const { [DESTINATION_HEADER]: destination, [DESTINATIONS_HEADER]: fanOut, ...rest } = (message.properties.headers ?? {}) as Record<string, unknown>;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(rest)) {
      if (value !== undefined && value !== null) headers[name] = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
    }
    const body = message.content.toString('utf8');
    if (typeof destination === 'string') void this.local.publish(destination, body, headers);
    else if (typeof fanOut === 'string' || Buffer.isBuffer(fanOut)) {
      const destinations = parseDestinations(fanOut.toString());
      if (destinations) void this.local.publishToAll(destinations, body, headers);
    }
  }

  private publishOn(channel: Channel, item: PendingPublish): boolean {
    return channel.publish(this.exchange, item.routingKey, item.content, {
      headers: item.headers,
      contentType: 'application/json',
      persistent: false,
    });
  }

  publish(destination: string, body: string, headers: Record<string, string> = {}): Promise<void> {
    return this.send({ routingKey: routingKeyOf(destination), content: Buffer.from(body, 'utf8'), headers: { ...headers, [DESTINATION_HEADER]: destination } });
  }

  publishToAll(destinations: readonly string[], body: string, headers: Record<string, string> = {}): Promise<void> {
    if (destinations.length === 1 && destinations[0] !== undefined) return this.publish(destinations[0], body, headers);
    if (destinations.length === 0) return this.closing ? Promise.reject(new Error('realtime bus closed')) : Promise.resolve();
    return this.send({
      routingKey: FAN_OUT_ROUTING_KEY,
      content: Buffer.from(body, 'utf8'),
      headers: { ...headers, [DESTINATIONS_HEADER]: JSON.stringify(destinations) },
    });
  }

  private send(item: PendingPublish): Promise<void> {
    if (this.closing) return Promise.reject(new Error('realtime bus closed'));
    this.messagesPublished += 1;
    const channel = this.channel;
    if (!channel) {
      this.pending.push(item);
      const cap = this.options.maxBufferedPublishes ?? 10_000;
      while (this.pending.length > cap) {
        this.pending.shift();
        this.droppedWhileDown += 1;
      }
      return Promise.resolve();
    }
    if (this.publishOn(channel, item)) return Promise.resolve();
    // The socket's buffer is full: the publisher waits until it drains (back-pressure, not an unbounded heap).
    return new Promise((resolve) => {
      const done = () => {
        channel.off('drain', done);
        channel.off('close', done);
        resolve();
      };
      channel.on('drain', done);
      channel.on('close', done);
    });
  }

  subscribe(destination: string, handler: BusHandler): Unsubscribe {
    const unsubscribeLocal = this.local.subscribe(destination, handler);
    const count = (this.subscriberCounts.get(destination) ?? 0) + 1;
    this.subscriberCounts.set(destination, count);
    if (count === 1) this.changeBinding('bind', destination);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      unsubscribeLocal();
      const left = (this.subscriberCounts.get(destination) ?? 1) - 1;
      if (left > 0) {
        this.subscriberCounts.set(destination, left);
        return;
      }
      this.subscriberCounts.delete(destination);
      this.changeBinding('unbind', destination);
    };
  }

  /**
   * Resolves once frames published for `destination` by any process reach this one (its bind is applied), so a
   * STOMP RECEIPT for a SUBSCRIBE promises delivery from then on. While the broker is away it resolves at once.
   */
  bound(destination: string): Promise<void> {
    if (!this.subscriberCounts.has(destination)) return Promise.resolve();
    return this.binds.then(
      () => undefined,
      () => undefined,
    );
  }

  private changeBinding(change: 'bind' | 'unbind', destination: string): void {
    const channel = this.channel;
    if (!channel) return; // the next setUp binds exactly the destinations subscribed then
    const routingKey = routingKeyOf(destination);
    const operation =
      change === 'bind' ? channel.bindQueue(this.queueName, this.exchange, routingKey) : channel.unbindQueue(this.queueName, this.exchange, routingKey);
    const settled = operation.catch((error: unknown) => this.log(`realtime bus: ${change} failed`, error));
    this.binds = Promise.all([this.binds, settled]);
  }

  /** Destinations with at least one local subscriber (for tests and metrics). */
  get destinationCount(): number {
    return this.subscriberCounts.size;
  }

  /** True while a channel to the broker is open. */
  get connected(): boolean {
    return this.channel !== null;
  }

  /** Removes this process's queue and closes the connection; later publishes are refused. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const channel = this.channel;
    this.channel = null;
    if (channel) await channel.deleteQueue(this.queueName).catch(() => undefined);
    await this.model?.close().catch(() => undefined);
  }
}

/** The destinations of a fan-out message, or null when the header is not a JSON array of strings. */
function parseDestinations(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
  } catch {
    return null;
  }
}
