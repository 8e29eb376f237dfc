// The realtime bus the configuration asks for: RabbitMQ when BROKER_URL is set, else in process.
import type { ServerConfig } from '../config.ts';
import { AmqpBus } from './amqp-bus.ts';
import { LocalBus, type Bus } from './broker.ts';

export interface OpenedBus {
  bus: Bus;
  close(): Promise<void>;
}

export async function openBus(config: Pick<ServerConfig, 'brokerUrl' | 'brokerExchange'>, log: (message: string, error?: unknown) => void): Promise<OpenedBus> {
  const onHandlerError = (error: unknown) => log('realtime bus: a subscriber failed', error);
  if (!config.brokerUrl) return { bus: new LocalBus({ onHandlerError }), close: () => Promise.resolve() };
  const bus = await AmqpBus.connect({ url: config.brokerUrl, exchange: config.brokerExchange, log, onHandlerError });
  return { bus, close: () => bus.close() };
}
