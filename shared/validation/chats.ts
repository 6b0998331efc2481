import * as yup from 'yup';
import { MAX_ID } from '../api/number-values';
import type { SniffedType } from './file-content';
import { msg } from './message';
import { withoutForbiddenCharacters } from './plain-text';

/** Longest message text, in UTF-16 units (what `string.length` counts on both sides). */
export const MESSAGE_MAX_LENGTH = 4000;
export const MAX_FILES_PER_MESSAGE = 5;
export const NOTE_MAX_LENGTH = 4000;
export const CANNED_TITLE_MAX = 100;
export const CANNED_SHORTCUT_MAX = 32;
export const CANNED_CONTENT_MAX = MESSAGE_MAX_LENGTH;

/** What a chat accepts, recognised by the file's first bytes (the name and the browser's type are ignored). */
export const ATTACHMENT_TYPES = {
  'image/png': { extension: 'png', maxBytes: 10 * 1024 * 1024 },
  'image/jpeg': { extension: 'jpg', maxBytes: 10 * 1024 * 1024 },
  'image/webp': { extension: 'webp', maxBytes: 10 * 1024 * 1024 },
  'application/pdf': { extension: 'pdf', maxBytes: 5 * 1024 * 1024 },
} as const satisfies Record<SniffedType, { extension: string; maxBytes: number }>;
export type AttachmentMime = keyof typeof ATTACHMENT_TYPES;
export const ATTACHMENT_MAX_BYTES = Math.max(...Object.values(ATTACHMENT_TYPES).map((t) => t.maxBytes));
/** For `<input type="file" accept>`; the server still checks the content. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES).join(',');

/**
 * What a chat may be about: a product or service, a business, an ad, or an
 * order (only its buyer and the selling business's owner talk about it).
 */
export const SUBJECT_TYPES = ['product', 'business', 'ad', 'order'] as const;
export type ChatSubjectType = (typeof SUBJECT_TYPES)[number];
/** Which side of an order-subject a chat member is: the order page they are sent to follows it. */
export const ORDER_SUBJECT_VIEWERS = ['buyer', 'seller'] as const;
export type OrderSubjectViewer = (typeof ORDER_SUBJECT_VIEWERS)[number];

/**
 * Line breaks become `\n` and the text is trimmed. The composer also drops
 * what the plain-text rule forbids (a paste may carry control characters);
 * the server refuses such text instead (422), so nothing is lost unseen.
 */
export function normalizeMessageText(value: string): string {
  return withoutForbiddenCharacters(value.replace(/\r\n?/g, '\n')).trim();
}

const text = (max: number) =>
  yup
    .string()
    .default('')
    .transform((value: unknown) => (typeof value === 'string' ? normalizeMessageText(value) : value))
    .max(max, msg('validation.maxLength', { max }));

/** The composer: text may be empty only when files go with it (`files` is their count). */
export const messageSchema = yup.object({
  content: text(MESSAGE_MAX_LENGTH).when('files', {
    is: (files: number | undefined) => !files,
    then: (rule) => rule.required(msg('chats.errors.empty')),
  }),
  files: yup
    .number()
    .integer()
    .min(0)
    .max(MAX_FILES_PER_MESSAGE, msg('chats.errors.tooManyFiles', { max: MAX_FILES_PER_MESSAGE }))
    .default(0),
  client_id: yup.string().trim().uuid(msg('validation.format')).optional(),
});
export type MessageInput = yup.InferType<typeof messageSchema>;

const positiveId = () =>
  yup
    .number()
    .typeError(msg('validation.type'))
    .integer(msg('validation.type'))
    .positive(msg('validation.type'))
    .max(MAX_ID, msg('validation.maximum', { max: MAX_ID }));

/** `POST /v1/messages`: exactly one of `chat_id` (an existing chat) or `recipient_id` (starts or continues one). */
export const newMessageSchema = messageSchema.shape(
  {
    chat_id: positiveId().optional(),
    recipient_id: positiveId()
      .optional()
      .when('chat_id', {
        is: (chatId: number | undefined) => chatId === undefined,
        then: (rule) => rule.required(msg('chats.errors.recipientRequired')),
        otherwise: (rule) => rule.test('one-target', msg('chats.errors.chatOrRecipient'), (value) => value === undefined),
      }),
    subject_type: yup
      .string()
      .oneOf([...SUBJECT_TYPES], msg('validation.enum'))
      .optional()
      .when('subject_id', {
        is: (id: number | undefined) => id !== undefined,
        then: (rule) => rule.required(msg('validation.required')),
      }),
    subject_id: positiveId()
      .optional()
      .when('subject_type', {
        is: (type: string | undefined) => type !== undefined,
        then: (rule) => rule.required(msg('validation.required')),
      }),
  },
  [['subject_type', 'subject_id']],
);
export type NewMessageInput = yup.InferType<typeof newMessageSchema>;

export const noteSchema = yup.object({
  content: text(NOTE_MAX_LENGTH).required(msg('validation.required')),
});

export const cannedReplySchema = yup.object({
  shortcut: yup
    .string()
    .trim()
    .lowercase()
    .required(msg('validation.required'))
    .max(CANNED_SHORTCUT_MAX, msg('validation.maxLength', { max: CANNED_SHORTCUT_MAX }))
    .matches(/^[\p{L}\p{N}_-]+$/u, { message: msg('support.errors.shortcutFormat') }),
  title: yup
    .string()
    .trim()
    .required(msg('validation.required'))
    .max(CANNED_TITLE_MAX, msg('validation.maxLength', { max: CANNED_TITLE_MAX })),
  content: text(CANNED_CONTENT_MAX).required(msg('validation.required')),
});
export type CannedReplyInput = yup.InferType<typeof cannedReplySchema>;
