import type { PendingMessage } from '../../components/chat/chat-message-types';
import type { ChatKind } from '../../components/chat/chat-send-api';
import type { ChatThread, ChatThreadsState } from './chat-thread-slice';

/**
 * The chat outbox kept in the browser, per person, so a message written offline survives a reload
 * or a closed tab and goes when the network is back (the server stores each client id once, so
 * two tabs sending the same copy store it once). Only text: files cannot be kept here, so a message
 * with files waits in memory only and a reload asks for them again (README).
 */
const keyOf = (userId: number) => `chat-outbox:${userId}`;
const CLIENT_ID = /^[0-9a-f-]{36}$/i;
const MAX_CONTENT = 10_000;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** What can be sent again without the person: text messages not refused by the server. */
const keepable = (message: PendingMessage) => message.files.length === 0 && message.status !== 'failed';

export function writeOutbox(userId: number, state: ChatThreadsState): void {
  const store = storage();
  if (!store) return;
  const threads = Object.fromEntries(
    Object.entries(state.threads)
      .map(([chatId, thread]) => [chatId, { kind: thread.kind, pending: thread.pending.filter(keepable).map(({ client_id, content, created_at }) => ({ client_id, content, created_at })) }] as const)
      .filter(([, thread]) => thread.kind && thread.pending.length > 0),
  );
  try {
    if (Object.keys(threads).length) store.setItem(keyOf(userId), JSON.stringify(threads));
    else store.removeItem(keyOf(userId));
  } catch {
    // A full or blocked storage: the outbox stays in memory, as before.
  }
}

/** The person's kept outbox, read strictly (anything malformed is dropped); every message waits for the network. */
export function readOutbox(userId: number): ChatThreadsState {
  const threads: Record<number, ChatThread> = {};
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(keyOf(userId)) ?? '{}');
  } catch {
    raw = {};
  }
  if (typeof raw !== 'object' || raw === null) return { threads };
  for (const [chatId, value] of Object.entries(raw as Record<string, unknown>)) {
    const id = Number(chatId);
    const thread = value as { kind?: unknown; pending?: unknown };
    if (!Number.isSafeInteger(id) || id <= 0 || !isKind(thread?.kind) || !Array.isArray(thread.pending)) continue;
    const pending = thread.pending.flatMap((item: { client_id?: unknown; content?: unknown; created_at?: unknown }) =>
      typeof item?.client_id === 'string' && CLIENT_ID.test(item.client_id) && typeof item.content === 'string' && item.content.length <= MAX_CONTENT && typeof item.created_at === 'string'
        ? [{ client_id: item.client_id, content: item.content, created_at: item.created_at, files: [], status: 'waiting' as const, error: null }]
        : [],
    );
    if (pending.length) threads[id] = { kind: thread.kind, pending };
  }
  return { threads };
}

export function forgetOutbox(userId: number): void {
  try {
    storage()?.removeItem(keyOf(userId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

const isKind = (value: unknown): value is ChatKind => value === 'direct' || value === 'support';
