import type {
  CannedReplyResource,
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

/** What the server answers in Russian when a shortcut is taken (a 422 on the field, like any refused field). */
export const SHORTCUT_TAKEN = 'Такое сокращение уже есть.';

type Answer = { status: number; body?: unknown };
type CannedFields = Pick<CannedReplyResource, 'shortcut' | 'title' | 'content'>;

/**
 * The canned replies as the server keeps them: listed by shortcut, stored trimmed with the
 * shortcut in lower case, one reply per shortcut. `subscribe` tells a test when the list changed.
 */
export function createCannedStore(initial: CannedFields[] = []) {
  let replies: CannedReplyResource[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const stamp = at(0);
  const changed = () => {
    replies = [...replies].sort((a, b) => (a.shortcut < b.shortcut ? -1 : a.shortcut > b.shortcut ? 1 : 0));
    for (const listener of listeners) listener();
  };
  const clean = (fields: CannedFields): CannedFields => ({ shortcut: fields.shortcut.trim().toLowerCase(), title: fields.title.trim(), content: fields.content.trim() });
  const taken = (shortcut: string, id?: number) => replies.some((reply) => reply.shortcut === shortcut && reply.id !== id);
  const refused: Answer = { status: 422, body: { message: SHORTCUT_TAKEN, errors: { shortcut: [SHORTCUT_TAKEN] } } };
  const missing: Answer = { status: 404, body: { message: 'Не найдено.' } };
  const store = {
    get list() {
      return replies;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    create(fields: CannedFields): Answer {
      const value = clean(fields);
      if (taken(value.shortcut)) return refused;
      const reply = { id: nextId++, ...value, created_at: stamp, updated_at: stamp };
      replies = [...replies, reply];
      changed();
      return { status: 201, body: { data: reply } };
    },
    update(id: number, fields: Partial<CannedFields>): Answer {
      const existing = replies.find((reply) => reply.id === id);
      if (!existing) return missing;
      const value = clean({ ...existing, ...fields });
      if (taken(value.shortcut, id)) return refused;
      const reply = { ...existing, ...value };
      replies = replies.map((item) => (item.id === id ? reply : item));
      changed();
      return { status: 200, body: { data: reply } };
    },
    remove(id: number): Answer {
      if (!replies.some((reply) => reply.id === id)) return missing;
      replies = replies.filter((reply) => reply.id !== id);
      changed();
      return { status: 204 };
    },
  };
  for (const fields of initial) store.create(fields);
  return store;
}
export type CannedStore = ReturnType<typeof createCannedStore>;

export function createFakeServer(conversationId = 7) {
  const canned = createCannedStore();
  const cannedCalls: string[] = [];
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

  async function answerCanned(request: Request, path: string): Promise<Response | null> {
    if (path !== '/support/canned-replies' && !path.startsWith('/support/canned-replies/')) return null;
    cannedCalls.push(`${request.method} ${path}`);
    const id = Number(path.split('/')[3]);
    const body = request.method === 'POST' || request.method === 'PATCH' ? await request.json() : undefined;
    if (request.method === 'GET' && !id) return json({ data: canned.list });
    if (request.method === 'POST' && !id) return reply(canned.create(body));
    if (request.method === 'PATCH' && id) return reply(canned.update(id, body));
    if (request.method === 'DELETE' && id) return reply(canned.remove(id));
    return json({ message: 'Not found' }, 404);
  }

  return {
    eventCalls,
    canned,
    /** `METHOD /path` of every canned-reply call, in order. */
    cannedCalls,
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
      const cannedAnswer = await answerCanned(request, path);
      if (cannedAnswer) return cannedAnswer;
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
const reply = (answer: Answer) => (answer.body === undefined ? new Response(null, { status: answer.status }) : json(answer.body, answer.status));

export type FakeServer = ReturnType<typeof createFakeServer>;
