import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { ApiErrorText } from '../../components/api-error-text';
import { selectUserId } from '../../session/session-slice';
import { chatOpened } from '../../realtime/realtime-slice';
import type { MessagePage } from '../../../shared/api/chats';
import { useChatHistoryInfiniteQuery, useMarkChatReadMutation } from './chats-api';
import { newClientId, type ChatKind } from '../../components/chat/chat-send-api';
import { selectThread, threadClosed, type PendingMessage, type ThreadMessage } from './chat-thread-slice';
import { sendChatMessage } from './chat-send';
import { Composer } from '../../components/chat/composer';
import { MessageBubble, PendingBubble } from '../../components/chat/message-bubble';
import './chats.css';


export interface ChatViewProps {
  kind: ChatKind;
  chatId: number;
  title: ReactNode;
  /** False when the other party is gone: the history stays readable. */
  canWrite?: boolean;
}

function isMine(message: ThreadMessage, kind: ChatKind, userId: number | null) {
  if (kind === 'support' && message.from) return message.from === 'customer';
  return message.sender?.id != null && message.sender.id === userId;
}

/**
 * Pages come newest first; the screen reads oldest first. An outbox entry whose stored copy is
 * already in the history (a lost answer, then a page or an echo that had it) is shown once, as stored.
 */
export function threadEntries(pages: MessagePage[], pending: PendingMessage[]) {
  const messages: ThreadMessage[] = [...pages].reverse().flatMap((page) => page.data);
  const stored = new Set(messages.map((message) => message.client_id).filter(Boolean));
  return { messages, pending: pending.filter((item) => !stored.has(item.client_id)) };
}

/**
 * One conversation: history paged backwards, live messages, the composer. Used for chats and
 * for the user's support chat. Live messages and the catch-up after a reconnect reach the
 * history cache through the chat-live listeners and the chat-catch-up saga; this view only shows it.
 */
export function ChatView({ kind, chatId, title, canWrite = true }: ChatViewProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUserId);
  const outbox = useAppSelector(selectThread(chatId)).pending;
  const { data, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useChatHistoryInfiniteQuery({ kind, chatId });
  const [markRead] = useMarkChatReadMutation();
  const { messages, pending } = useMemo(() => threadEntries(data?.pages ?? [], outbox), [data, outbox]);
  const list = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);

  // The open chat is the one whose live messages neither toast nor count, and the one the catch-up saga refreshes.
  useEffect(() => {
    dispatch(chatOpened(chatId));
    return () => {
      dispatch(chatOpened(null));
      dispatch(threadClosed(chatId));
    };
  }, [dispatch, chatId]);

  // Opening a chat reads it, once its history is on screen.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) void markRead({ kind, chatId });
  }, [loaded, markRead, kind, chatId]);

  const count = messages.length + pending.length;
  useLayoutEffect(() => {
    const element = list.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [count]);

  const loadEarlier = () => {
    // Older messages go on top: the reader stays where they were (the browser's scroll anchoring), not at the bottom.
    stickToBottom.current = false;
    void fetchNextPage();
  };
  const send = async (content: string, files: File[]) => {
    stickToBottom.current = true;
    const outcome = await dispatch(sendChatMessage({ kind, chatId, clientId: newClientId(), content, files }));
    return outcome.status === 'refused' ? outcome.error : null;
  };
  const retry = (clientId: string, content: string) => {
    void dispatch(sendChatMessage({ kind, chatId, clientId, content, files: [] }));
  };

  return (
    <section className="chat-view" data-testid="chat-view">
      <header className="chat-view-header">{title}</header>
      <ApiErrorText error={error} />
      <ol
        className="chat-messages"
        ref={list}
        aria-live="polite"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
        }}
      >
        {hasNextPage ? (
          <li className="chat-earlier">
            <button type="button" className="button" disabled={isFetchingNextPage} onClick={loadEarlier} data-testid="chat-load-earlier">
              {intl.formatMessage({ id: isFetchingNextPage ? 'common.loading' : 'chats.ui.loadEarlier' })}
            </button>
          </li>
        ) : null}
        {loaded && count === 0 ? <li className="chat-empty muted">{intl.formatMessage({ id: 'chats.ui.noMessages' })}</li> : null}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} mine={isMine(message, kind, userId)} />
        ))}
        {pending.map((message) => (
          <PendingBubble key={message.client_id} message={message} onRetry={() => retry(message.client_id, message.content)} />
        ))}
      </ol>
      {canWrite ? <Composer onSend={send} /> : <p className="muted chat-readonly">{intl.formatMessage({ id: 'chats.ui.readOnly' })}</p>}
    </section>
  );
}
