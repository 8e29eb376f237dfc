// The RabbitMQ bus (BROKER_URL): what one process publishes reaches subscribers on every process, in order,
// and survives losing the broker connection. Runs against the test broker (scripts/test-services.sh).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountTopic, authenticatorTopic, replyQueue, roomTopic } from '../../generated/realtime/index.ts';
import { AmqpBus, routingKeyOf } from './amqp-bus.ts';
import { startBrokerRelay, testExchange, TEST_BROKER_URL, type BrokerRelay } from './amqp-bus.testing.ts';
import type { BusMessage } from './broker.ts';

const opened: AmqpBus[] = [];
const relays: BrokerRelay[] = [];

async function process_(exchange: string, url = TEST_BROKER_URL): Promise<AmqpBus> {
  const bus = await AmqpBus.connect({ url, exchange, reconnect: { initialDelayMs: 50, maxDelayMs: 200 } });
  opened.push(bus);
  return bus;
}

function collect(bus: AmqpBus, destination: string): { messages: BusMessage[]; stop: () => void } {
  const messages: BusMessage[] = [];
  const stop = bus.subscribe(destination, (message) => messages.push(message));
  return { messages, stop };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

describe('AmqpBus', () => {
  it('delivers a frame published on one process to the subscribers of its destination on every process', async () => {
    const exchange = testExchange('fanout');
    const [one, two] = [await process_(exchange), await process_(exchange)];
    const onOne = collect(one, roomTopic(7));
    const onTwo = collect(two, roomTopic(7));
    const elsewhere = collect(two, roomTopic(8));
    await Promise.all([one.bound(roomTopic(7)), two.bound(roomTopic(7)), two.bound(roomTopic(8))]);

    await one.publish(roomTopic(7), '{"text":"hello"}', { 'x-room-id': '7' });
    await one.publish(roomTopic(8), '{"text":"marker"}');

    await vi.waitFor(() => expect(elsewhere.messages).toHaveLength(1));
    await vi.waitFor(() => expect(onTwo.messages).toHaveLength(1));
    expect(onTwo.messages[0]).toEqual({ destination: roomTopic(7), body: '{"text":"hello"}', headers: { 'x-room-id': '7' } });
    expect(onOne.messages).toHaveLength(1);
    expect(elsewhere.messages[0]?.body).toBe('{"text":"marker"}');
  });

  it('carries a fan-out to many destinations as one AMQP message that each process delivers to its own subscribers', async () => {
    const exchange = testExchange('fan-out-once');
    const [one, two] = [await process_(exchange), await process_(exchange)];
    const queues = Array.from({ length: 100 }, (_, i) => replyQueue('chatgen', i + 1));
    const onOne = collect(one, replyQueue('chatgen', 1));
    const onTwo = collect(two, replyQueue('chatgen', 100));
    const topicOnTwo = collect(two, roomTopic(5));
    await Promise.all([one.bound(replyQueue('chatgen', 1)), two.bound(replyQueue('chatgen', 100)), two.bound(roomTopic(5))]);

    const before = one.messagesPublished;
    await one.publishToAll([...queues, roomTopic(5)], '{"notifyType":"NEW_MESSAGE"}', { 'x-room-id': '5' });
    expect(one.messagesPublished - before).toBe(1);

    await vi.waitFor(() => expect(topicOnTwo.messages).toHaveLength(1));
    await vi.waitFor(() => expect(onOne.messages).toHaveLength(1));
    expect(onTwo.messages).toEqual([{ destination: replyQueue('chatgen', 100), body: '{"notifyType":"NEW_MESSAGE"}', headers: { 'x-room-id': '5' } }]);
    expect(topicOnTwo.messages[0]?.destination).toBe(roomTopic(5));
    expect(onOne.messages[0]?.destination).toBe(replyQueue('chatgen', 1));
    // A fan-out and a single publish after it keep their order on the receiving process.
    await one.publishToAll([replyQueue('chatgen', 100), roomTopic(5)], 'second');
    await one.publish(replyQueue('chatgen', 100), 'third');
    await vi.waitFor(() => expect(onTwo.messages.map((m) => m.body).slice(1)).toEqual(['second', 'third']));
  });

  it('keeps the order of one publisher and stops delivering after the last local unsubscribe', async () => {
    const exchange = testExchange('order');
    const [one, two] = [await process_(exchange), await process_(exchange)];
    const first = collect(two, replyQueue('chatgen', 1));
    const second = collect(two, replyQueue('chatgen', 1));
    const marker = collect(two, accountTopic(1));
    await Promise.all([two.bound(replyQueue('chatgen', 1)), two.bound(accountTopic(1))]);

    for (let i = 0; i < 300; i += 1) void one.publish(replyQueue('chatgen', 1), String(i));
    await one.publish(accountTopic(1), 'after the 300');
    await vi.waitFor(() => expect(marker.messages).toHaveLength(1));
    expect(first.messages.map((m) => Number(m.body))).toEqual([...Array(300).keys()]);
    expect(second.messages).toHaveLength(300);

    first.stop();
    first.stop(); // twice is once
    await one.publish(replyQueue('chatgen', 1), 'still one subscriber');
    await vi.waitFor(() => expect(second.messages).toHaveLength(301));
    expect(first.messages).toHaveLength(300);
    second.stop();
    expect(two.destinationCount).toBe(1);
    // The unbind runs on the channel before this bind, so the marker proves the queue frame had its chance.
    const marker2 = collect(two, accountTopic(2));
    await two.bound(accountTopic(2));
    await one.publish(replyQueue('chatgen', 1), 'nobody listens');
    await one.publish(accountTopic(2), 'marker');
    await vi.waitFor(() => expect(marker2.messages).toHaveLength(1));
    expect(second.messages.map((m) => m.body).slice(300)).toEqual(['still one subscriber']);
  });

  it('carries destinations longer than a routing key may be', async () => {
    const exchange = testExchange('long');
    const [one, two] = [await process_(exchange), await process_(exchange)];
    const name = 'é'.repeat(200);
    const longer = authenticatorTopic(name);
    const sibling = authenticatorTopic(`${name}x`);
    expect(Buffer.byteLength(longer)).toBeGreaterThan(255);
    expect(routingKeyOf(longer)).not.toBe(routingKeyOf(sibling));
    const heard = collect(two, longer);
    await two.bound(longer);
    await one.publish(longer, 'ok');
    await vi.waitFor(() => expect(heard.messages).toHaveLength(1));
    expect(heard.messages[0]?.destination).toBe(longer);
  });

  it('reconnects after losing the broker: subscriptions hold, publishes made meanwhile arrive in order', async () => {
    const exchange = testExchange('outage');
    const relay = await startBrokerRelay();
    relays.push(relay);
    const flaky = await process_(exchange, relay.url);
    const steady = await process_(exchange);
    const heardByFlaky = collect(flaky, roomTopic(1));
    const heardBySteady = collect(steady, roomTopic(2));
    await Promise.all([flaky.bound(roomTopic(1)), steady.bound(roomTopic(2))]);

    relay.cut();
    await vi.waitFor(() => expect(flaky.connected).toBe(false));
    // Published while the broker is unreachable: buffered, sent in order once connected again.
    await flaky.publish(roomTopic(2), 'during 1');
    await flaky.publish(roomTopic(2), 'during 2');
    // Subscribed while unreachable: bound on reconnect.
    const lateSubscription = collect(flaky, roomTopic(3));
    relay.restore();
    await vi.waitFor(() => expect(flaky.connected).toBe(true), { timeout: 10_000 });

    await vi.waitFor(() => expect(heardBySteady.messages.map((m) => m.body)).toEqual(['during 1', 'during 2']));
    await flaky.bound(roomTopic(3));
    await steady.publish(roomTopic(1), 'after');
    await steady.publish(roomTopic(3), 'late');
    await vi.waitFor(() => expect(heardByFlaky.messages.map((m) => m.body)).toEqual(['after']));
    await vi.waitFor(() => expect(lateSubscription.messages.map((m) => m.body)).toEqual(['late']));
  });

  it('refuses publishes after close and fails a start against a broker that does not answer', async () => {
    const bus = await process_(testExchange('closed'));
    await bus.close();
    await expect(bus.publish(roomTopic(1), 'x')).rejects.toThrow(/closed/);
    await expect(
      AmqpBus.connect({ url: 'amqp://guest:guest@127.0.0.1:1', reconnect: { initialDelayMs: 10, maxDelayMs: 20 } }),
    ).rejects.toThrow();
  });
});
