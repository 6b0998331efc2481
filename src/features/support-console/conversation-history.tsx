import { useLayoutEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import type { SupportMessageResource, SupportNoteResource } from '../../../shared/api/support';
import { ApiErrorText } from '../../components/api-error-text';
import { MessageBubble, PendingBubble } from '../../components/chat/message-bubble';
import { NoteBubble } from './note-bubble';
import { sendReply } from './reply-send';
import { useSupportMessagesInfiniteQuery, useSupportNotesQuery } from './support-console-api';
import { selectPendingReplies } from './support-console-slice';

type Entry = { kind: 'message'; at: string; message: SupportMessageResource } | { kind: 'note'; at: string; note: SupportNoteResource };

/**
 * Messages oldest first with the private notes among them by time. Notes
 * older than the earliest page loaded wait until that page is, so nothing
 * shows out of place.
 */
export function historyEntries(pages: Array<{ data: SupportMessageResource[] }>, notes: SupportNoteResource[], complete: boolean): Entry[] {
  const messages = [...pages].reverse().flatMap((page) => page.data);
  const from = complete || messages.length === 0 ? '' : messages[0].created_at;
  const entries: Entry[] = [
    ...messages.map((message) => ({ kind: 'message' as const, at: message.created_at, message })),
    ...notes.filter((note) => note.created_at >= from).map((note) => ({ kind: 'note' as const, at: note.created_at, note })),
  ];
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.kind === b.kind ? 0 : a.kind === 'message' ? -1 : 1));
}

export function ConversationHistory({ id }: { id: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useSupportMessagesInfiniteQuery(id);
  const { data: notes, error: notesError } = useSupportNotesQuery(id);
  const pending = useAppSelector(selectPendingReplies(id));
  const entries = useMemo(() => historyEntries(data?.pages ?? [], notes ?? [], !hasNextPage), [data, notes, hasNextPage]);
  const list = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);

  const count = entries.length + pending.length;
  useLayoutEffect(() => {
    const element = list.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [count]);

  const loadEarlier = () => {
    stickToBottom.current = false;
    void fetchNextPage();
  };
  const retry = (clientId: string, content: string) => {
    stickToBottom.current = true;
    void dispatch(sendReply({ conversationId: id, clientId, content, files: [] }));
  };

  return (
    <>
      <ApiErrorText error={error ?? notesError} />
      <ol
        className="chat-messages console-history"
        ref={list}
        aria-live="polite"
        data-testid="console-history"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
        }}
      >
        {hasNextPage ? (
          <li className="console-earlier">
            <button type="button" className="button" disabled={isFetchingNextPage} onClick={loadEarlier} data-testid="console-load-earlier">
              {intl.formatMessage({ id: isFetchingNextPage ? 'common.loading' : 'chats.ui.loadEarlier' })}
            </button>
          </li>
        ) : null}
        {data && count === 0 ? <li className="console-earlier muted">{intl.formatMessage({ id: 'chats.ui.noMessages' })}</li> : null}
        {entries.map((entry) =>
          entry.kind === 'message' ? (
            <MessageBubble key={`m${entry.message.id}`} message={entry.message} mine={entry.message.from === 'agent'} showAuthor />
          ) : (
            <NoteBubble key={`n${entry.note.id}`} note={entry.note} />
          ),
        )}
        {pending.map((message) => (
          <PendingBubble key={message.client_id} message={message} onRetry={() => retry(message.client_id, message.content)} />
        ))}
      </ol>
    </>
  );
}
