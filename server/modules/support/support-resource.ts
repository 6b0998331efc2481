import type { ChatMessageResource } from '../../../shared/api/chats';
import type { AgentResource, SupportConversationBrief, SupportCustomer, SupportMessageResource, SupportNoteResource } from '../../../shared/api/support';
import type { SupportConversation, SupportNote } from '../../db/schema';
import { iso } from '../../lib/serialize';
import { preview, toParty } from '../chats/message-resource';

export const authorOf = (senderId: number | null, customerId: number) => (senderId !== null && senderId === customerId ? 'customer' : 'agent');

export const toSupportMessage = (message: ChatMessageResource, customerId: number): SupportMessageResource => ({
  ...message,
  from: authorOf(message.sender?.id ?? null, customerId),
});

export interface BriefRow {
  conversation: SupportConversation;
  customer: SupportCustomer;
  assignee: { id: number | null; name: string | null; image: string | null; role: string | null } | null;
  last: { id: number | null; senderId: number | null; content: string | null; createdAt: Date | null; attachmentsCount: number } | null;
}

export function toBrief(row: BriefRow): SupportConversationBrief {
  const c = row.conversation;
  const assignee: AgentResource | null =
    row.assignee?.id != null ? { id: row.assignee.id, name: row.assignee.name ?? '', image: row.assignee.image, role: row.assignee.role ?? '' } : null;
  return {
    id: c.chatId,
    customer: row.customer,
    status: c.status,
    snoozed_until: c.snoozedUntil ? iso(c.snoozedUntil) : null,
    assignee,
    last_message:
      row.last?.id != null && row.last.createdAt
        ? {
            id: row.last.id,
            sender_id: row.last.senderId,
            from: authorOf(row.last.senderId, c.userId),
            content: preview(row.last.content ?? ''),
            attachments_count: Number(row.last.attachmentsCount),
            created_at: iso(row.last.createdAt),
          }
        : null,
    last_message_at: c.lastMessageAt ? iso(c.lastMessageAt) : null,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

export const toNoteResource = (note: SupportNote, author: { id: number; name: string; image: string | null } | null): SupportNoteResource => ({
  id: note.id,
  conversation_id: note.chatId,
  author: toParty(author),
  content: note.content,
  created_at: iso(note.createdAt),
});
