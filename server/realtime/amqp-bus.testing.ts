// For tests of the RabbitMQ bus: the test broker's URL, and a TCP relay in front of it that a test can cut.
import { createServer, connect as connectTcp, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** The broker the tests use: CHATGEN_TEST_BROKER_URL, else the one scripts/test-services.sh starts. */
export const TEST_BROKER_URL = process.env.CHATGEN_TEST_BROKER_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** A fresh exchange name, so that test files running at once never hear each other. */
export function testExchange(label: string): string {
  return `chatgen.test.${label}.${process.pid}.${Math.random().toString(36).slice(2, 10)}`;
}

export interface BrokerRelay {
  url: string;
  /** Drops every open connection and refuses new ones until `restore`: the broker is unreachable. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startBrokerRelay(brokerUrl = TEST_BROKER_URL): Promise<BrokerRelay> {
  const target = new URL(brokerUrl);
  const sockets = new Set<Socket>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connectTcp(Number(target.port || 5672), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(brokerUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as AddressInfo).port);
  return {
    url: relayed.toString(),
    cut() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
