import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { apiErrorBody, type ApiErrorBody } from '../../services/api';
import { chatsApi, type ChatKind } from './chats-api';
import { outboxFiles } from './outbox-files';
import { pendingDropped, sendFailed, sendStarted, sendSucceeded } from './chat-thread-slice';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;


export interface SendRequest {
  kind: ChatKind;
  chatId: number;
  clientId: string;
  content: string;
  files: File[];
}

/** What the composer learns: the server refused the message itself, so the draft goes back into the box. */
export type SendOutcome = { status: 'sent' } | { status: 'failed' } | { status: 'refused'; error: ApiErrorBody | null };

/** Statuses that say "this message will never be accepted as it is", unlike a lost connection. */
const REFUSED = [400, 403, 404, 413, 422, 429];

export function newClientId(): string {
  return crypto.randomUUID();
}

/** One attempt; a retry calls it again with the same client id, which the server stores once. */
export function sendChatMessage(request: SendRequest) {
  return async (dispatch: Dispatch): Promise<SendOutcome> => {
    const { kind, chatId, clientId, content } = request;
    const files = request.files.length > 0 ? request.files : outboxFiles.get(clientId);
    outboxFiles.set(clientId, files);
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
    const result = await dispatch(chatsApi.endpoints.sendMessage.initiate({ kind, chatId: kind === 'direct' ? chatId : undefined, clientId, content }));
    if ('data' in result && result.data) {
      outboxFiles.delete(clientId);
      dispatch(sendSucceeded({ chatId, message: result.data }));
      return { status: 'sent' };
    }
    const error = 'error' in result ? result.error : null;
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && REFUSED.includes(status)) {
      outboxFiles.delete(clientId);
      dispatch(pendingDropped({ chatId, clientId }));
      return { status: 'refused', error: apiErrorBody(error) };
    }
    dispatch(sendFailed({ chatId, clientId, error: apiErrorBody(error) }));
    return { status: 'failed' };
  };
}
