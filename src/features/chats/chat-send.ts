import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../services/api';
import { outboxFor, settleSend } from '../../services/outbox-send';
import { chatSendApi, type ChatKind } from '../../components/chat/chat-send-api';
import { pendingDropped, selectWaiting, sendFailed, sendStarted, sendSucceeded, type ChatThreadsState } from './chat-thread-slice';
import { historyMessageAdded, type ChatsApiState } from './chats-api';

// The history cache's thunks read its state; the send call's state is the same store.
type Dispatch = ThunkDispatch<ChatsApiState, unknown, UnknownAction>;

/** No answer at all (not a refusal, not a server error): the network is gone, or the browser says so. */
const isNetworkLoss = (error: unknown) => (error as { status?: unknown } | null)?.status === 'FETCH_ERROR' || (typeof navigator !== 'undefined' && !navigator.onLine);


export interface SendRequest {
  kind: ChatKind;
  chatId: number;
  clientId: string;
  content: string;
  files: File[];
}

/** What the composer learns: the server refused the message itself, so the draft goes back into the box. */
export type SendOutcome = { status: 'sent' } | { status: 'failed' } | { status: 'refused'; error: ApiErrorBody | null };

/** One attempt; a retry calls it again with the same client id, which the server stores once. */
export function sendChatMessage(request: SendRequest) {
  return async (dispatch: Dispatch): Promise<SendOutcome> => {
    const { kind, chatId, clientId, content } = request;
    const files = outboxFor(clientId, request.files);
    dispatch(
      sendStarted({
        chatId,
        kind,
        message: {
          client_id: clientId,
          content,
          files: files.map((file) => ({ name: file.name, size: file.size, mime: file.type })),
          created_at: new Date().toISOString(),
        },
      }),
    );
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      // Offline: queued at once, with no request to wait out; it goes when the browser is back online.
      dispatch(sendFailed({ chatId, clientId, error: null, waitForNetwork: true }));
      return { status: 'failed' };
    }
    const result = await dispatch(chatSendApi.endpoints.sendMessage.initiate({ kind, chatId: kind === 'direct' ? chatId : undefined, clientId, content }));
    const outcome = settleSend(clientId, result);
    if (outcome.status === 'sent') {
      // Into the history before off the outbox, so the message is never on screen zero times (its live echo adds nothing).
      dispatch(historyMessageAdded({ kind, chatId }, outcome.data));
      dispatch(sendSucceeded({ chatId, message: outcome.data }));
      return { status: 'sent' };
    }
    if (outcome.status === 'refused') {
      dispatch(pendingDropped({ chatId, clientId }));
      return { status: 'refused', error: outcome.error };
    }
    dispatch(sendFailed({ chatId, clientId, error: outcome.error, waitForNetwork: isNetworkLoss(result.error) }));
    return { status: 'failed' };
  };
}

/** The network is back: every queued message goes again under its client id (the server stores each once). */
export function sendWaiting() {
  return async (dispatch: Dispatch, getState: () => { chatThreads?: ChatThreadsState }): Promise<void> => {
    const waiting = selectWaiting(getState());
    await Promise.all(waiting.map(({ chatId, kind, message }) => dispatch(sendChatMessage({ kind, chatId, clientId: message.client_id, content: message.content, files: [] }))));
  };
}
