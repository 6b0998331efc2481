import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../services/api';
import { outboxFor, settleSend } from '../../services/outbox-send';
import { supportConsoleApi } from './support-console-api';
import { replyFailed, replySettled, replyStarted } from './support-console-slice';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export interface ReplyRequest {
  conversationId: number;
  clientId: string;
  content: string;
  files: File[];
}

/**
 * One attempt to send a reply; a retry calls it again with the same client
 * id, which the server stores once. Resolves with the server's refusal (the
 * text goes back into the box), or null when it went or waits for a retry.
 */
export function sendReply(request: ReplyRequest) {
  return async (dispatch: Dispatch): Promise<ApiErrorBody | null> => {
    const { conversationId, clientId, content } = request;
    const files = outboxFor(clientId, request.files);
    const pending = { client_id: clientId, content, files: files.map(({ name, size, type }) => ({ name, size, mime: type })), created_at: new Date().toISOString() };
    dispatch(replyStarted({ conversationId, message: pending }));
    const outcome = settleSend(clientId, await dispatch(supportConsoleApi.endpoints.sendSupportReply.initiate({ conversationId, clientId, content })));
    if (outcome.status === 'failed') {
      dispatch(replyFailed({ conversationId, clientId, error: outcome.error }));
      return null;
    }
    // Stored (the history shows it now) or refused (the box gets it back).
    dispatch(replySettled({ conversationId, clientId }));
    return outcome.status === 'refused' ? (outcome.error ?? { message: '' }) : null;
  };
}
