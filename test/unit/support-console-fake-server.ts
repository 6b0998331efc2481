import type {
  EventsPage,
  SupportConversationResource,
  SupportEventResource,
  SupportMessageResource,
  SupportNoteResource,
} from '../../shared/api/support';

/**
 * A console's view of the server for saga tests: one support conversation,
 * the event log with seqs, and the API answers the console asks for. Events
 * are appended to the log and, separately, delivered live (or not) by the test.
 */
export const AGENT_ID = 10;
export const OTHER_AGENT = { id: 11, name: 'Ольга Ответова', image: null, role: 'support' };
export const CUSTOMER = { id: 50, name: 'Пётр Вопросов', email: 'petr@example.com', phone: null, image: null };

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();

export function createFakeServer(conversationId = 7) {
  const messages: SupportMessageResource[] = [message(100, 'customer', 0)];
  const notes: SupportNoteResource[] = [];
  const log: SupportEventResource[] = [];
  let conversation: SupportConversationResource = {
    id: conversationId,
    customer: CUSTOMER,
    status: 'open',
    snoozed_until: null,
    assignee: null,
    last_message: lastOf(messages[0]),
    last_message_at: messages[0].created_at,
    created_at: at(0),
    updated_at: at(0),
    unread_count: 1,
  };
  let seq = 5;
  const eventCalls: number[] = [];

  function message(id: number, from: 'customer' | 'agent', minute: number): SupportMessageResource {
    return {
      id,
      chat_id: conversationId,
      client_id: null,
      sender: from === 'customer' ? { id: CUSTOMER.id, name: CUSTOMER.name, image: null } : { id: OTHER_AGENT.id, name: OTHER_AGENT.name, image: null },
      from,
      content: `сообщение ${id}`,
      attachments: [],
      created_at: at(minute),
    };
  }
  function lastOf(m: SupportMessageResource) {
    return { id: m.id, sender_id: m.sender?.id ?? null, from: m.from, content: m.content, attachments_count: 0, created_at: m.created_at };
  }
  const brief = () => {
    const { unread_count: _unread, ...rest } = conversation;
    return rest;
  };
  function append(type: SupportEventResource['type'], data: Record<string, unknown>) {
    seq += 1;
    const event: SupportEventResource = { seq, type, conversation_id: conversationId, data: { ...data, seq }, created_at: conversation.updated_at };
    log.push(event);
    return { ...event.data, event_id: `e${seq}` };
  }

  return {
    eventCalls,
    get conversation() {
      return conversation;
    },
    get messages() {
      return messages;
    },
    /** The customer writes: stored, counted unread for the agent, logged; returns the live payload. */
    customerWrites(id: number, minute: number) {
      const m = message(id, 'customer', minute);
      messages.push(m);
      conversation = { ...conversation, last_message: lastOf(m), last_message_at: m.created_at, updated_at: m.created_at, unread_count: conversation.unread_count + 1 };
      return append('SupportMessage', { conversation: brief(), message: m });
    },
    assigns(minute: number) {
      conversation = { ...conversation, assignee: OTHER_AGENT, updated_at: at(minute) };
      return append('SupportConversationUpdated', { change: 'assigned', actor: { id: OTHER_AGENT.id, name: OTHER_AGENT.name, image: null }, conversation: brief() });
    },
    notes(id: number, minute: number) {
      const note: SupportNoteResource = { id, conversation_id: conversationId, author: { id: OTHER_AGENT.id, name: OTHER_AGENT.name, image: null }, content: `заметка ${id}`, created_at: at(minute) };
      notes.push(note);
      return append('SupportNoteAdded', { note });
    },
    /** `GET /v1/support/events?after=` */
    eventsAfter(after: number): EventsPage {
      eventCalls.push(after);
      const data = log.filter((event) => event.seq > after);
      return { data, meta: { last_seq: data.length ? data[data.length - 1].seq : after, has_more: false, reset: false } };
    },
    async answer(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/v1/, '');
      if (path === '/support/conversations') {
        return json({ data: [conversation], meta: { current_page: 1, per_page: 30, total: 1, last_page: 1, last_seq: seq } });
      }
      if (path === '/support/counts') {
        const unread = conversation.unread_count;
        return json({ data: { unread: { all: unread, mine: 0, unassigned: conversation.assignee ? 0 : unread }, status: { open: 1, pending: 0, resolved: 0, snoozed: 0 } } });
      }
      if (path === `/support/conversations/${conversationId}`) return json({ data: conversation });
      if (path === `/support/conversations/${conversationId}/messages`) return json({ data: messages, meta: { next_cursor: null } });
      if (path === `/support/conversations/${conversationId}/notes`) return json({ data: notes });
      if (path === `/support/conversations/${conversationId}/mark-as-read`) {
        const count = conversation.unread_count;
        conversation = { ...conversation, unread_count: 0 };
        return json({ data: { conversation_id: conversationId, count } });
      }
      return json({ message: 'Not found' }, 404);
    },
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type FakeServer = ReturnType<typeof createFakeServer>;
