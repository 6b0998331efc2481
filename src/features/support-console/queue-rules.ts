import type { QueuePage, SupportConversationBrief, SupportConversationResource, SupportMessageResource } from '../../../shared/api/support';
import type { QueueArgs } from './queue-args';

/** A cached queue: the pages fetched so far, newest activity first. */
export interface QueueData {
  pages: QueuePage[];
}

/**
 * Whether a conversation belongs in a view of the queue; null when only the
 * server can tell (a search matches message texts the console does not have).
 */
export function matchesQueue(conversation: SupportConversationResource, args: QueueArgs, agentId: number): boolean | null {
  if (!conversation.last_message_at) return false;
  if (args.filter === 'mine' && conversation.assignee?.id !== agentId) return false;
  if (args.filter === 'unassigned' && conversation.assignee !== null) return false;
  if (args.status && conversation.status !== args.status) return false;
  if (args.unread && conversation.unread_count === 0) return false;
  return args.q.trim() ? null : true;
}

/** The server's order: latest activity first, then the higher id. */
export function queueOrder(a: SupportConversationBrief, b: SupportConversationBrief): number {
  const at = (c: SupportConversationBrief) => (c.last_message_at ? Date.parse(c.last_message_at) : 0);
  return at(b) - at(a) || b.id - a.id;
}

export function findInQueue(data: QueueData, id: number): SupportConversationResource | null {
  for (const page of data.pages) {
    const found = page.data.find((item) => item.id === id);
    if (found) return found;
  }
  return null;
}

function removeFromQueue(data: QueueData, id: number): void {
  for (const page of data.pages) {
    const index = page.data.findIndex((item) => item.id === id);
    if (index >= 0) page.data.splice(index, 1);
  }
}

function insertInOrder(data: QueueData, conversation: SupportConversationResource): void {
  const first = data.pages[0];
  if (!first) return;
  const index = first.data.findIndex((item) => queueOrder(conversation, item) < 0);
  if (index === -1 && data.pages.length > 1) {
    // Older than the whole first page: it belongs further down, where the next fetch will show it.
    return;
  }
  first.data.splice(index === -1 ? first.data.length : index, 0, conversation);
}

export interface QueueChange {
  id: number;
  /** The conversation after the change, from this view's copy; null to leave the copy as it is (it is newer). */
  update: (current: SupportConversationResource) => SupportConversationResource | null;
  /** What is known of it without a copy; its unread count is a guess unless `complete`. */
  seen?: SupportConversationResource;
  /** `seen` is exactly what the server would list (an API answer). */
  complete?: boolean;
  /** Its last message changed, so it moves up. */
  moved?: boolean;
}

/**
 * Puts a changed conversation where this view wants it: replaced in place (or
 * moved up), taken out when it no longer matches, added when it is known
 * whole. 'refetch' when only the server can place it: a search, or a
 * conversation that arrives in this view without its unread count.
 */
export function placeInQueue(data: QueueData, args: QueueArgs, agentId: number, change: QueueChange): 'ok' | 'refetch' {
  const current = findInQueue(data, change.id);
  if (!current) {
    if (!change.seen) return 'ok';
    const match = matchesQueue(change.seen, change.complete ? args : { ...args, unread: false }, agentId);
    if (match === false) return 'ok';
    if (match === null || !change.complete) return 'refetch';
    insertInOrder(data, change.seen);
    return 'ok';
  }
  const conversation = change.update(current);
  if (!conversation) return 'ok';
  const match = matchesQueue(conversation, args, agentId);
  if (match === false) {
    removeFromQueue(data, change.id);
    return 'ok';
  }
  if (change.moved) {
    removeFromQueue(data, change.id);
    insertInOrder(data, conversation);
  } else {
    for (const page of data.pages) {
      const index = page.data.findIndex((item) => item.id === change.id);
      if (index >= 0) page.data[index] = conversation;
    }
  }
  return match === null ? 'refetch' : 'ok';
}

/**
 * A conversation after a new message, from what this copy knew: null when the
 * copy already shows that message (heard live and fetched, or in the catch-up
 * too), so a customer's message counts as unread once.
 */
export function afterMessage(
  current: SupportConversationResource,
  conversation: SupportConversationBrief,
  message: Pick<SupportMessageResource, 'id' | 'from' | 'sender'>,
  agentId: number,
): SupportConversationResource | null {
  if (current.last_message && current.last_message.id >= message.id) return null;
  const unread = message.from === 'customer' ? current.unread_count + 1 : message.sender?.id === agentId ? 0 : current.unread_count;
  return { ...conversation, unread_count: unread };
}

/** A conversation after an assignment or status change; null when this copy is already newer. */
export function afterUpdate(current: SupportConversationResource, conversation: SupportConversationBrief): SupportConversationResource | null {
  if (Date.parse(conversation.updated_at) < Date.parse(current.updated_at)) return null;
  return { ...conversation, unread_count: current.unread_count };
}
