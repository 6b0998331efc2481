export interface PresenceMember {
  user_id: string;
  user_info?: unknown;
}

/**
 * Where presence membership lives. A user may hold several sockets (tabs,
 * nodes); other members should see one join and one leave per user, so join
 * and leave report whether this socket was the user's first or last.
 */
export interface PresenceStore {
  join(appId: string, channel: string, socketId: string, member: PresenceMember): Promise<boolean>;
  leave(appId: string, channel: string, socketId: string, userId: string): Promise<boolean>;
  /** user_id → user_info, one entry per user however many sockets they hold. */
  members(appId: string, channel: string): Promise<Map<string, unknown>>;
}

/** Parses the `channel_data` a presence subscription carries; undefined when it is unusable. */
export function parseChannelData(raw: unknown): PresenceMember | undefined {
  if (typeof raw !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { user_id: userId, user_info: userInfo } = parsed as { user_id?: unknown; user_info?: unknown };
  // Backends often sign numeric ids; Pusher treats ids as strings, so normalise once here.
  if ((typeof userId !== 'string' && typeof userId !== 'number') || String(userId) === '') return undefined;
  return userInfo === undefined ? { user_id: String(userId) } : { user_id: String(userId), user_info: userInfo };
}

/** The `data` of pusher_internal:subscription_succeeded on a presence channel. */
export function presenceSnapshot(members: Map<string, unknown>): {
  presence: { ids: string[]; hash: Record<string, unknown>; count: number };
} {
  const ids = [...members.keys()];
  const hash: Record<string, unknown> = {};
  for (const [id, info] of members) hash[id] = info ?? null;
  return { presence: { ids, hash, count: ids.length } };
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly channels = new Map<string, Map<string, PresenceMember>>();

  async join(appId: string, channel: string, socketId: string, member: PresenceMember): Promise<boolean> {
    const key = `${appId}\n${channel}`;
    let sockets = this.channels.get(key);
    if (!sockets) {
      sockets = new Map();
      this.channels.set(key, sockets);
    }
    const first = ![...sockets.values()].some((other) => other.user_id === member.user_id);
    sockets.set(socketId, member);
    return first;
  }

  async leave(appId: string, channel: string, socketId: string, userId: string): Promise<boolean> {
    const key = `${appId}\n${channel}`;
    const sockets = this.channels.get(key);
    if (!sockets?.delete(socketId)) return false;
    if (sockets.size === 0) this.channels.delete(key);
    return ![...sockets.values()].some((other) => other.user_id === userId);
  }

  async members(appId: string, channel: string): Promise<Map<string, unknown>> {
    const result = new Map<string, unknown>();
    for (const member of this.channels.get(`${appId}\n${channel}`)?.values() ?? []) {
      if (!result.has(member.user_id)) result.set(member.user_id, member.user_info);
    }
    return result;
  }
}
