import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  SupportConversationReadEvent,
  SupportConversationUpdatedEvent,
  SupportMessageEvent,
  SupportNoteAddedEvent,
} from '../../../shared/api/support';
import { afterMessage, afterUpdate } from './queue-rules';
import { addMessage, addNote, patchConversation, supportConsoleApi } from './support-console-api';

/*
 * What each console event changes in the caches. Every step tolerates being
 * applied twice (heard live and again in the catch-up): messages and notes
 * are kept by id, a conversation copy that already shows a message does not
 * count it again, and an older picture of a conversation never replaces a newer one.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's state is not known to a feature
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type Payload<E> = Omit<E, 'event_id'>;

export function applySupportMessage(event: Payload<SupportMessageEvent>, agentId: number) {
  return (dispatch: Dispatch): void => {
    const { conversation, message } = event;
    dispatch(
      patchConversation(
        {
          id: conversation.id,
          update: (current) => afterMessage(current, conversation, message, agentId),
          seen: { ...conversation, unread_count: message.from === 'customer' ? 1 : 0 },
          moved: true,
        },
        agentId,
      ),
    );
    dispatch(supportConsoleApi.util.updateQueryData('supportMessages', conversation.id, (draft) => addMessage(draft, message)));
    // The live copy was cut to fit the socket: the history has it whole.
    if (message.content_truncated) dispatch(supportConsoleApi.util.invalidateTags([{ type: 'SupportMessages', id: conversation.id }]));
  };
}

export function applyConversationUpdated(event: Payload<SupportConversationUpdatedEvent>, agentId: number) {
  return (dispatch: Dispatch): void => {
    const { conversation } = event;
    dispatch(patchConversation({ id: conversation.id, update: (current) => afterUpdate(current, conversation), seen: { ...conversation, unread_count: 0 } }, agentId));
  };
}

export function applyNoteAdded(event: Payload<SupportNoteAddedEvent>) {
  return (dispatch: Dispatch): void => {
    const { note } = event;
    dispatch(supportConsoleApi.util.updateQueryData('supportNotes', note.conversation_id, (draft) => addNote(draft, note)));
    if (note.content_truncated) dispatch(supportConsoleApi.util.invalidateTags([{ type: 'SupportNote', id: note.conversation_id }]));
  };
}

/** Only the reader's own copies change: unread is per agent. */
export function applyConversationRead(event: Payload<SupportConversationReadEvent>, agentId: number) {
  return (dispatch: Dispatch): void => {
    if (event.agent_id !== agentId) return;
    dispatch(patchConversation({ id: event.conversation_id, update: (current) => (current.unread_count ? { ...current, unread_count: 0 } : null) }, agentId));
  };
}
