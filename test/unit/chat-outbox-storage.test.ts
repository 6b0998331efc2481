import { outboxRestored, chatThreadsReducer, sendFailed, sendStarted, type ChatThreadsState } from '../../src/features/chats/chat-thread-slice';
import { forgetOutbox, readOutbox, writeOutbox } from '../../src/features/chats/outbox-storage';
import { signedIn } from '../../src/session/session-slice';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const message = (n: number, content: string, files: Array<{ name: string; size: number; mime: string }> = []) => ({ client_id: id(n), content, files, created_at: '2026-11-24T10:00:00.000Z' });

function outboxWith(...steps: Array<(state: ChatThreadsState) => ChatThreadsState>): ChatThreadsState {
  return steps.reduce((state, step) => step(state), chatThreadsReducer(undefined, { type: 'init' }));
}

beforeEach(() => localStorage.clear());

test('text messages waiting for the network are kept per person and come back waiting, whatever they were doing', () => {
  const state = outboxWith(
    (s) => chatThreadsReducer(s, sendStarted({ chatId: 7, kind: 'direct', message: message(1, 'Привет') })),
    (s) => chatThreadsReducer(s, sendFailed({ chatId: 7, clientId: id(1), error: null, waitForNetwork: true })),
    (s) => chatThreadsReducer(s, sendStarted({ chatId: 9, kind: 'support', message: message(2, 'Помогите') })),
  );
  writeOutbox(5, state);
  expect(readOutbox(6)).toEqual({ threads: {} });
  expect(readOutbox(5)).toEqual({
    threads: {
      7: { kind: 'direct', pending: [{ ...message(1, 'Привет'), status: 'waiting', error: null }] },
      9: { kind: 'support', pending: [{ ...message(2, 'Помогите'), status: 'waiting', error: null }] },
    },
  });
  forgetOutbox(5);
  expect(readOutbox(5)).toEqual({ threads: {} });
});

test('a message with files or one the person must retry by hand is not kept; an empty outbox leaves nothing behind', () => {
  const state = outboxWith(
    (s) => chatThreadsReducer(s, sendStarted({ chatId: 7, kind: 'direct', message: message(1, 'С файлом', [{ name: 'a.png', size: 10, mime: 'image/png' }]) })),
    (s) => chatThreadsReducer(s, sendStarted({ chatId: 7, kind: 'direct', message: message(2, 'Ошибка сервера') })),
    (s) => chatThreadsReducer(s, sendFailed({ chatId: 7, clientId: id(2), error: { message: 'Server error' } })),
  );
  writeOutbox(5, state);
  expect(localStorage.getItem('chat-outbox:5')).toBeNull();
});

test('what is read back is checked strictly: anything malformed is dropped', () => {
  localStorage.setItem(
    'chat-outbox:5',
    JSON.stringify({
      7: { kind: 'direct', pending: [message(1, 'ok'), { client_id: 'not-an-id', content: 'x', created_at: 'y' }, { client_id: id(3), content: 42, created_at: 'y' }] },
      abc: { kind: 'direct', pending: [message(4, 'bad chat id')] },
      8: { kind: 'group', pending: [message(5, 'bad kind')] },
    }),
  );
  expect(readOutbox(5)).toEqual({ threads: { 7: { kind: 'direct', pending: [{ ...message(1, 'ok'), status: 'waiting', error: null }] } } });
  localStorage.setItem('chat-outbox:5', '{not json');
  expect(readOutbox(5)).toEqual({ threads: {} });
});

test("signing in clears whatever outbox was on screen; the person's own kept one joins without repeating a message", () => {
  const before = outboxWith((s) => chatThreadsReducer(s, sendStarted({ chatId: 7, kind: 'direct', message: message(1, 'чужое') })));
  const cleared = chatThreadsReducer(before, signedIn({ token: 't', userId: 2 }));
  expect(cleared.threads).toEqual({});
  const kept = { threads: { 7: { kind: 'direct' as const, pending: [{ ...message(2, 'моё'), status: 'waiting' as const, error: null }] } } };
  const restored = chatThreadsReducer(chatThreadsReducer(cleared, outboxRestored(kept)), outboxRestored(kept));
  expect(restored.threads[7].pending.map((m) => m.content)).toEqual(['моё']);
  expect(restored.threads[7].kind).toBe('direct');
});
