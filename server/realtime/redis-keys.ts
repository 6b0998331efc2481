/** Every key the realtime server writes, in one place so a prefix isolates deployments sharing a Redis. */
export function redisKeys(prefix: string) {
  return {
    events: `${prefix}events`,
    /** sorted set: node id → last heartbeat (ms, Redis clock) */
    nodes: `${prefix}nodes`,
    /** hash: `node|socket` → member JSON, one entry per presence socket */
    presenceSockets: (appId: string, channel: string) => `${prefix}presence:${appId}:${channel}:sockets`,
    /** hash: user id → how many sockets the user holds in the channel */
    presenceUsers: (appId: string, channel: string) => `${prefix}presence:${appId}:${channel}:users`,
    /** set: what a node joined, so its entries can be removed if it dies */
    nodePresence: (nodeId: string) => `${prefix}node:${nodeId}:presence`,
    /** hash: JSON [app, channel] → this node's subscriber count */
    nodeChannels: (nodeId: string) => `${prefix}node:${nodeId}:channels`,
    sweepLock: (nodeId: string) => `${prefix}node:${nodeId}:sweep-lock`,
  };
}

export type RedisKeys = ReturnType<typeof redisKeys>;
