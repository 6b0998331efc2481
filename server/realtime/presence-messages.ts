import type { ChannelBroadcast } from './cluster';
import type { PresenceMember } from './presence';

/** Pusher sends internal event data as JSON strings; pusher-js parses them back. */
export function memberAddedMessage(appId: string, channel: string, member: PresenceMember, joinedSocketId: string): ChannelBroadcast {
  return {
    appId,
    channel,
    event: 'pusher_internal:member_added',
    data: JSON.stringify(member),
    exceptSocketId: joinedSocketId,
  };
}

export function memberRemovedMessage(appId: string, channel: string, userId: string): ChannelBroadcast {
  return { appId, channel, event: 'pusher_internal:member_removed', data: JSON.stringify({ user_id: userId }) };
}
