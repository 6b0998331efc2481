import type { PartyResource } from '../../../shared/api/chats';
import type { SupportChange, SupportConversationBrief, SupportMessageResource, SupportNoteResource } from '../../../shared/api/support';
import { fitContent } from '../chats/event-fit';
import type { Publisher } from '../realtime/publisher';
import { publishSupport } from './support-events';

/* What the console hears on `private-support`, after the commit, cut to the realtime size limit if need be. */

export function publishSupportMessage(publisher: Publisher, seq: number, conversation: SupportConversationBrief, message: SupportMessageResource): void {
  const payload = fitContent(message.content, (content, truncated) => ({
    seq,
    conversation,
    message: { ...message, content, ...(truncated ? { content_truncated: true as const } : {}) },
  }));
  publishSupport(publisher, 'SupportMessage', payload);
}

export function publishConversationUpdated(
  publisher: Publisher,
  seq: number,
  change: SupportChange,
  actor: PartyResource | null,
  conversation: SupportConversationBrief,
): void {
  publishSupport(publisher, 'SupportConversationUpdated', { seq, change, actor, conversation });
}

export function publishNoteAdded(publisher: Publisher, seq: number, note: SupportNoteResource): void {
  const payload = fitContent(note.content, (content, truncated) => ({
    seq,
    note: { ...note, content, ...(truncated ? { content_truncated: true as const } : {}) },
  }));
  publishSupport(publisher, 'SupportNoteAdded', payload);
}
