import type { Redis } from 'ioredis';
import type { ChannelBroadcast } from './cluster';
import { errorFields, type RealtimeLogger } from './logger';

interface BusEnvelope extends ChannelBroadcast {
  node: string;
}

/**
 * Pub/sub fan-out between nodes. Redis pub/sub is fire-and-forget: an event
 * published while a node is disconnected is lost to that node, which the
 * product accepts because clients refetch after reconnecting.
 */
export class RedisBus {
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly topic: string,
    private readonly nodeId: string,
    private readonly logger: RealtimeLogger,
  ) {}

  async start(onBroadcast: (message: ChannelBroadcast) => void): Promise<void> {
    this.subscriber.on('message', (topic: string, raw: string) => {
      if (topic !== this.topic) return;
      let envelope: BusEnvelope;
      try {
        envelope = JSON.parse(raw) as BusEnvelope;
      } catch (error) {
        this.logger.warn('realtime.bus.bad_message', errorFields(error));
        return;
      }
      // This node delivered its own publications before sending them.
      if (envelope.node === this.nodeId) return;
      const { node: _node, ...message } = envelope;
      onBroadcast(message);
    });
    await this.subscriber.subscribe(this.topic);
  }

  async publish(message: ChannelBroadcast): Promise<void> {
    const envelope: BusEnvelope = { node: this.nodeId, ...message };
    await this.publisher.publish(this.topic, JSON.stringify(envelope));
  }
}
