import type { AttachmentResource, ChatMessageResource, LastMessageResource, PartyResource } from '../../../shared/api/chats';
import { LAST_MESSAGE_PREVIEW } from '../../../shared/api/chats';
import type { Message, MessageAttachment } from '../../db/schema';
import { iso } from '../../lib/serialize';

export const attachmentUrl = (chatId: number, attachmentId: number) => `/v1/chats/${chatId}/attachments/${attachmentId}`;

export const toAttachmentResource = (row: MessageAttachment): AttachmentResource => ({
  id: row.id,
  name: row.name,
  url: attachmentUrl(row.chatId, row.id),
  mime: row.mime,
  size: row.size,
  width: row.width,
  height: row.height,
});

export const toParty = (user: { id: number; name: string; image: string | null } | null): PartyResource | null =>
  user ? { id: user.id, name: user.name, image: user.image } : null;

export const toMessageResource = (
  row: Message,
  sender: PartyResource | null,
  attachments: MessageAttachment[],
): ChatMessageResource => ({
  id: row.id,
  chat_id: row.chatId,
  client_id: row.clientId,
  sender,
  content: row.content,
  attachments: attachments.map(toAttachmentResource),
  created_at: iso(row.createdAt),
});

export const preview = (content: string) => [...content].slice(0, LAST_MESSAGE_PREVIEW).join('');

export const toLastMessage = (row: {
  id: number;
  senderId: number | null;
  content: string;
  attachmentsCount: number;
  createdAt: Date | string;
}): LastMessageResource => ({
  id: row.id,
  sender_id: row.senderId,
  content: preview(row.content),
  attachments_count: Number(row.attachmentsCount),
  created_at: iso(row.createdAt),
});
