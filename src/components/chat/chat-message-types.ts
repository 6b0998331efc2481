import type { ChatMessageResource } from '../../../shared/api/chats';
import type { ApiErrorBody } from '../../services/api';

/** `waiting`: no network; it goes by itself when the browser is back online (src/sagas/chat-catch-up.saga.ts). */
export type PendingStatus = 'sending' | 'waiting' | 'failed';

/** A message on screen before the server has it: what the sender sees as "sending" or "failed". */
export interface PendingMessage {
  client_id: string;
  content: string;
  files: Array<{ name: string; size: number; mime: string }>;
  status: PendingStatus;
  error: ApiErrorBody | null;
  created_at: string;
}

/** A stored message as a conversation shows it; support messages also say who wrote them. */
export type ThreadMessage = ChatMessageResource & { from?: 'customer' | 'agent'; content_truncated?: true };
