import type { QueuePage, SupportConversationResource } from '../../shared/api/support';
import { filterCanned, fillCanned, insertCanned, slashQuery } from '../../src/features/support-console/canned-match';
import { DEFAULT_QUEUE_ARGS, queueUrl, type QueueArgs } from '../../src/features/support-console/queue-args';
import { afterMessage, afterUpdate, matchesQueue, placeInQueue, type QueueData } from '../../src/features/support-console/queue-rules';

const ME = 10;
const agent = (id: number) => ({ id, name: `Агент ${id}`, image: null, role: 'support' });
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();

function conversation(id: number, minute: number, over: Partial<SupportConversationResource> = {}): SupportConversationResource {
  return {
    id,
    customer: { id: id + 100, name: `Клиент ${id}`, email: `c${id}@example.com`, phone: null, image: null },
    status: 'open',
    snoozed_until: null,
    assignee: null,
    last_message: { id: id * 10, sender_id: id + 100, from: 'customer', content: 'Вопрос', attachments_count: 0, created_at: at(minute) },
    last_message_at: at(minute),
    created_at: at(0),
    updated_at: at(minute),
    unread_count: 1,
    ...over,
  };
}
const queue = (...items: SupportConversationResource[]): QueueData => ({
  pages: [{ data: items, meta: { current_page: 1, per_page: 30, total: items.length, last_page: 1, last_seq: 1 } } as QueuePage],
});
const ids = (data: QueueData) => data.pages.flatMap((page) => page.data.map((c) => c.id));
const args = (over: Partial<QueueArgs>): QueueArgs => ({ ...DEFAULT_QUEUE_ARGS, ...over });

test('the queue query repeats status and leaves out what is not set', () => {
  expect(queueUrl(DEFAULT_QUEUE_ARGS, 1)).toBe('/support/conversations?filter=all&page=1&per_page=30');
  expect(queueUrl(args({ filter: 'mine', status: 'open', unread: true, q: '  заказ ' }), 2)).toBe(
    '/support/conversations?filter=mine&page=2&per_page=30&status=open&unread=true&q=%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7',
  );
});

test('filters: mine, unassigned, status and unread are judged here; a search only by the server', () => {
  const mine = conversation(1, 1, { assignee: agent(ME) });
  const theirs = conversation(2, 2, { assignee: agent(11), unread_count: 0 });
  expect(matchesQueue(mine, args({ filter: 'mine' }), ME)).toBe(true);
  expect(matchesQueue(theirs, args({ filter: 'mine' }), ME)).toBe(false);
  expect(matchesQueue(theirs, args({ filter: 'unassigned' }), ME)).toBe(false);
  expect(matchesQueue(theirs, args({ unread: true }), ME)).toBe(false);
  expect(matchesQueue(mine, args({ status: 'resolved' }), ME)).toBe(false);
  expect(matchesQueue(mine, args({ q: 'Пётр' }), ME)).toBeNull();
});

test('a new message moves the conversation up and counts once, however often it is heard', () => {
  const data = queue(conversation(2, 5), conversation(1, 3));
  const moved = conversation(1, 9, { last_message: { id: 11, sender_id: 101, from: 'customer', content: 'Ещё', attachments_count: 0, created_at: at(9) } });
  const message = { id: 11, from: 'customer' as const, sender: { id: 101, name: 'Клиент 1', image: null } };
  const change = { id: 1, update: (current: SupportConversationResource) => afterMessage(current, moved, message, ME), moved: true };
  expect(placeInQueue(data, DEFAULT_QUEUE_ARGS, ME, change)).toBe('ok');
  expect(placeInQueue(data, DEFAULT_QUEUE_ARGS, ME, change)).toBe('ok');
  expect(ids(data)).toEqual([1, 2]);
  expect(data.pages[0].data[0].unread_count).toBe(2);
  // My own reply reads the conversation for me.
  const reply = conversation(1, 10, { last_message: { id: 12, sender_id: ME, from: 'agent', content: 'Ответ', attachments_count: 0, created_at: at(10) } });
  placeInQueue(data, DEFAULT_QUEUE_ARGS, ME, { id: 1, update: (c) => afterMessage(c, reply, { id: 12, from: 'agent', sender: { id: ME, name: 'Я', image: null } }, ME), moved: true });
  expect(data.pages[0].data[0].unread_count).toBe(0);
});

test('an assignment leaves "unassigned" at once, and an older picture never overwrites a newer one', () => {
  const data = queue(conversation(1, 3), conversation(2, 2));
  const assigned = conversation(1, 3, { assignee: agent(11), updated_at: at(20) });
  expect(placeInQueue(data, args({ filter: 'unassigned' }), ME, { id: 1, update: (c) => afterUpdate(c, assigned) })).toBe('ok');
  expect(ids(data)).toEqual([2]);

  const all = queue(conversation(1, 3, { assignee: agent(11), updated_at: at(20) }));
  placeInQueue(all, DEFAULT_QUEUE_ARGS, ME, { id: 1, update: (c) => afterUpdate(c, conversation(1, 3, { updated_at: at(10) })) });
  expect(all.pages[0].data[0].assignee?.id).toBe(11);
});

test('a conversation this view lacks is added when known whole, else the view is fetched again', () => {
  const data = queue(conversation(2, 5));
  const fresh = conversation(3, 8);
  expect(placeInQueue(data, DEFAULT_QUEUE_ARGS, ME, { id: 3, update: () => fresh, seen: fresh })).toBe('refetch');
  expect(placeInQueue(data, DEFAULT_QUEUE_ARGS, ME, { id: 3, update: () => fresh, seen: fresh, complete: true })).toBe('ok');
  expect(ids(data)).toEqual([3, 2]);
  // It does not belong here at all: nothing to fetch.
  expect(placeInQueue(data, args({ filter: 'mine' }), ME, { id: 4, update: () => null, seen: conversation(4, 9) })).toBe('ok');
});

test('typing / opens ready answers filtered as you type; the answer replaces the /word and names the agent', () => {
  const replies = [
    { id: 1, shortcut: 'привет', title: 'Приветствие', content: 'Здравствуйте! Меня зовут {имя}.', created_at: '', updated_at: '' },
    { id: 2, shortcut: 'код', title: 'Не приходит код', content: 'Проверьте «Спам».', created_at: '', updated_at: '' },
    { id: 3, shortcut: 'возврат', title: 'Возврат денег', content: 'Деньги вернутся.', created_at: '', updated_at: '' },
  ];
  expect(slashQuery('/при', 4)).toEqual({ start: 0, query: 'при' });
  expect(slashQuery('Добрый день /КО', 15)).toEqual({ start: 12, query: 'ко' });
  expect(slashQuery('http://x', 8)).toBeNull();
  expect(filterCanned(replies, 'ко').map((r) => r.id)).toEqual([2]);
  expect(filterCanned(replies, 'ден').map((r) => r.id)).toEqual([3]);
  expect(filterCanned(replies, '').map((r) => r.id)).toEqual([1, 2, 3]);
  expect(fillCanned(replies[0].content, 'Сергей Помощников')).toBe('Здравствуйте! Меня зовут Сергей.');
  expect(insertCanned('Итак, /ко и всё', 9, 6, 'Проверьте «Спам».')).toEqual({ text: 'Итак, Проверьте «Спам». и всё', caret: 23 });
});
