import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../services/api';
import { outboxFor, settleSend } from '../../services/outbox-send';
import { chatSendApi, type ChatKind } from '../../components/chat/chat-send-api';
import { pendingDropped, sendFailed, sendStarted, sendSucceeded } from './chat-thread-slice';
import { historyMessageAdded, type ChatsApiState } from './chats-api';

// The history cache's thunks read its state; the send call's state is the same store.
type Dispatch = ThunkDispatch<ChatsApiState, unknown, UnknownAction>;


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
        message: {
          client_id: clientId,
          content,
          files: files.map((file) => ({ name: file.name, size: file.size, mime: file.type })),
          created_at: new Date().toISOString(),
        },
      }),
    );
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
    dispatch(sendFailed({ chatId, clientId, error: outcome.error }));
    return { status: 'failed' };
  };
}
