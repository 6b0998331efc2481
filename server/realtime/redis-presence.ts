import type { Redis } from 'ioredis';
import type { PresenceMember, PresenceStore } from './presence';
import type { RedisKeys } from './redis-keys';

/*
 * Join and leave run as scripts so the "first/last socket of this user" answer
 * is atomic: two tabs of one user joining at once on two nodes must produce
 * exactly one member_added.
 */
const JOIN = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[3]) == 0 then return 0 end
redis.call('SADD', KEYS[3], ARGV[4])
return redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
`;

const LEAVE = `
redis.call('SREM', KEYS[3], ARGV[3])
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return -1 end
local left = redis.call('HINCRBY', KEYS[2], ARGV[2], -1)
if left <= 0 then redis.call('HDEL', KEYS[2], ARGV[2]) end
return left
`;

export interface NodePresenceEntry {
  appId: string;
  channel: string;
  socketId: string;
  userId: string;
}

export class RedisPresenceStore implements PresenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly nodeId: string,
  ) {}

  async join(appId: string, channel: string, socketId: string, member: PresenceMember): Promise<boolean> {
    const result = await this.redis.eval(
      JOIN,
      3,
      this.keys.presenceSockets(appId, channel),
      this.keys.presenceUsers(appId, channel),
      this.keys.nodePresence(this.nodeId),
      `${this.nodeId}|${socketId}`,
      member.user_id,
      JSON.stringify(member),
      indexEntry({ appId, channel, socketId, userId: member.user_id }),
    );
    return Number(result) === 1;
  }

  leave(appId: string, channel: string, socketId: string, userId: string): Promise<boolean> {
    return this.leaveAs(this.nodeId, { appId, channel, socketId, userId });
  }

  /** Also used to remove the entries of a node that died without leaving. */
  async leaveAs(nodeId: string, entry: NodePresenceEntry): Promise<boolean> {
    const result = await this.redis.eval(
      LEAVE,
      3,
      this.keys.presenceSockets(entry.appId, entry.channel),
      this.keys.presenceUsers(entry.appId, entry.channel),
      this.keys.nodePresence(nodeId),
      `${nodeId}|${entry.socketId}`,
      entry.userId,
      indexEntry(entry),
    );
    return Number(result) === 0;
  }

  async members(appId: string, channel: string): Promise<Map<string, unknown>> {
    const sockets = await this.redis.hvals(this.keys.presenceSockets(appId, channel));
    const result = new Map<string, unknown>();
    for (const raw of sockets) {
      const member = JSON.parse(raw) as PresenceMember;
      if (!result.has(member.user_id)) result.set(member.user_id, member.user_info);
    }
    return result;
  }

  async nodeEntries(nodeId: string): Promise<NodePresenceEntry[]> {
    const raw = await this.redis.smembers(this.keys.nodePresence(nodeId));
    return raw.map((item) => {
      const [appId, channel, socketId, userId] = JSON.parse(item) as [string, string, string, string];
      return { appId, channel, socketId, userId };
    });
  }
}

function indexEntry(entry: NodePresenceEntry): string {
  return JSON.stringify([entry.appId, entry.channel, entry.socketId, entry.userId]);
}
