import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { ApiErrorText } from '../../components/api-error-text';
import { selectUserId } from '../../session/session-slice';
import { chatOpened, selectConnectionStatus } from '../../realtime/realtime-slice';
import { chatsApi } from './chats-api';
import { newClientId, type ChatKind } from '../../components/chat/chat-send-api';
import { earlierLoaded, latestLoaded, selectThread, threadClosed, type ThreadMessage } from './chat-thread-slice';
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

/** One conversation: history paged backwards, live messages, the composer. Used for chats and for the user's support chat. */
export function ChatView({ kind, chatId, title, canWrite = true }: ChatViewProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUserId);
  const thread = useAppSelector(selectThread(chatId));
  const status = useAppSelector(selectConnectionStatus);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);

  const loadLatest = useCallback(async () => {
    const result = await dispatch(chatsApi.endpoints.messagesPage.initiate({ kind, chatId }, { subscribe: false, forceRefetch: true }));
    if (result.data) {
      setLoadError(null);
      dispatch(latestLoaded({ chatId, page: result.data }));
      void dispatch(chatsApi.endpoints.markChatRead.initiate({ kind, chatId }));
    } else {
      setLoadError(result.error);
    }
  }, [dispatch, kind, chatId]);

  useEffect(() => {
    dispatch(chatOpened(chatId));
    void loadLatest();
    return () => {
      dispatch(chatOpened(null));
      dispatch(threadClosed(chatId));
    };
  }, [dispatch, chatId, loadLatest]);

  // After a reconnect the socket may have missed messages: the newest page fills the gap.
  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current !== 'connected' && previousStatus.current !== 'idle' && status === 'connected') void loadLatest();
    previousStatus.current = status;
  }, [status, loadLatest]);

  const loadEarlier = async () => {
    if (!thread.nextCursor) return;
    setLoadingEarlier(true);
    stickToBottom.current = false;
    const result = await dispatch(chatsApi.endpoints.messagesPage.initiate({ kind, chatId, before: thread.nextCursor }, { subscribe: false, forceRefetch: true }));
    setLoadingEarlier(false);
    if (result.data) dispatch(earlierLoaded({ chatId, page: result.data }));
    else setLoadError(result.error);
  };

  const count = thread.messages.length + thread.pending.length;
  useLayoutEffect(() => {
    const element = list.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [count]);

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
      <ApiErrorText error={loadError} />
      <ol
        className="chat-messages"
        ref={list}
        aria-live="polite"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
        }}
      >
        {thread.nextCursor ? (
          <li className="chat-earlier">
            <button type="button" className="button" disabled={loadingEarlier} onClick={() => void loadEarlier()} data-testid="chat-load-earlier">
              {intl.formatMessage({ id: loadingEarlier ? 'common.loading' : 'chats.ui.loadEarlier' })}
            </button>
          </li>
        ) : null}
        {thread.loaded && count === 0 ? <li className="chat-empty muted">{intl.formatMessage({ id: 'chats.ui.noMessages' })}</li> : null}
        {thread.messages.map((message) => (
          <MessageBubble key={message.id} message={message} mine={isMine(message, kind, userId)} />
        ))}
        {thread.pending.map((message) => (
          <PendingBubble key={message.client_id} message={message} onRetry={() => retry(message.client_id, message.content)} />
        ))}
      </ol>
      {canWrite ? <Composer onSend={send} /> : <p className="muted chat-readonly">{intl.formatMessage({ id: 'chats.ui.readOnly' })}</p>}
    </section>
  );
}
