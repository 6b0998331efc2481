import { SUPPORT_CHANNEL, userChannel } from '../../../shared/api/realtime-events';
import { STAFF_ROLES } from '../../../shared/roles';
import type { User } from '../../db/schema';

/** Presence channels of support conversations: `presence-support.{chatId}`. */
const SUPPORT_PRESENCE = /^presence-support\.(\d+)$/;

/**
 * Who may join which channel: a user only their own private channel; staff
 * also the support channel and the presence channels of support chats.
 */
export function mayJoin(user: User, channel: string): boolean {
  if (channel === userChannel(user.id)) return true;
  const staff = STAFF_ROLES.includes(user.role);
  if (staff && channel === SUPPORT_CHANNEL) return true;
  if (staff && SUPPORT_PRESENCE.test(channel)) return true;
  return false;
}

export const isPresenceChannel = (channel: string) => channel.startsWith('presence-');
