import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import type { AnyObjectSchema, InferType } from 'yup';
import type { ChatMessageEvent, ChatMessageResource } from '../../../shared/api/chats';
import { userChannel } from '../../../shared/api/realtime-events';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { validateShared } from '../../lib/shared-schema';
import type { Publisher } from '../realtime/publisher';
import { acceptUploads } from './attachments-intake';
import { attachmentsStore, type AttachmentsStore } from './attachments-store';
import { fitContent } from './event-fit';
import { readMessageInput } from './message-input';
import { messagesRepository, type InsertedMessage, type MessagesRepository, type StoredFile } from './messages-repository';
import { toMessageResource, toParty } from './message-resource';
import { sendLimit, type SendLimit } from './send-limit';

/** Thrown inside the transaction when the client id turned out to be taken by a concurrent retry. */
class DuplicateSend extends Error {}

export interface SendOptions<S extends AnyObjectSchema, T, W> {
  /** The shared rule set the fields must pass (`files` is the number of attached files). */
  schema: S;
  /** The route's body schema (see messageBodySchema), by which multipart form fields are read. */
  fields: TObject;
  sender: User;
  /** Where the message goes: checks access and throws 404/422; runs before files are looked at. */
  target(input: InferType<S>): Promise<T>;
  /** The chat the message goes into, found or created in the message's transaction. */
  chatIn(executor: Db, target: T): Promise<number>;
  /** True when `chatIn` will create the chat, so its rows and the message commit together. */
  createsChat?(target: T): boolean;
  /** More writes in the message's transaction (workflow state, event log); without it and without files, one statement does. */
  write?(tx: Db, inserted: InsertedMessage, target: T, input: InferType<S>): Promise<W>;
}

export type SendResult<T, W> =
  | { created: false; message: ChatMessageResource }
  | { created: true; message: ChatMessageResource; inserted: InsertedMessage; target: T; written: W | undefined };

/**
 * Sending a message, the same for chats, support and console replies:
 * allowance left? → read JSON or multipart → shared rules → a retry answered → allowance taken → target and access →
 * files checked by content, cleaned of metadata and kept → stored (one transaction). A client id
 * the sender already used returns the stored message (200) instead, however
 * the retry arrives. Publishing is the caller's, after it returns (committed by then).
 */
export function createMessaging(app: FastifyInstance) {
  const db = app.db;
  const store = attachmentsStore(app.config.dataDir);
  const limiter = sendLimit(app);
  const repository = messagesRepository(db);

  async function send<S extends AnyObjectSchema, T, W>(request: FastifyRequest, options: SendOptions<S, T, W>): Promise<SendResult<T, W>> {
    const { sender } = options;
    await limiter.check(request);

    const { fields, uploads } = await readMessageInput(request, store, options.fields);
    const kept: StoredFile[] = [];
    let clientId: string | null = null;
    /** The stored message of a retried send, if this is one. */
    const earlier = async () => {
      return clientId ? await repository.findByClientId(sender.id, clientId) : null;
    };
    try {
      const input = await validateShared(options.schema, { ...fields, files: uploads.length });
      clientId = (input.client_id as string | undefined)?.toLowerCase() ?? null;
      // A retry is answered before it uses the allowance (and before its files are stored again).
      const retried = await earlier();
      if (retried) return { created: false, message: retried };
      await limiter.take(request);
      let target: T;
      try {
        target = await options.target(input);
      } catch (error) {
        // The first attempt got through before access changed (say, the other party left): it still stands.
        const existing = await earlier();
        if (existing) return { created: false, message: existing };
        throw error;
      }
      for (const file of await acceptUploads(uploads)) {
        const { body, ...meta } = file;
        kept.push({ ...meta, storageKey: await store.keep(body) });
      }
      const content = (input.content as string | undefined) ?? '';
      const save = async (executor: Db) => {
        const stored = await repository.insert(executor, { chatId: await options.chatIn(executor, target), senderId: sender.id, clientId, content, files: kept });
        if (!stored) throw new DuplicateSend();
        return { inserted: stored, written: options.write ? await options.write(executor, stored, target, input) : undefined };
      };
      // Otherwise the message is one statement, atomic on its own.
      const needsTransaction = options.write !== undefined || kept.length > 0 || options.createsChat?.(target) === true;
      const { inserted, written } = needsTransaction ? await db.transaction((tx) => save(tx)) : await save(db);
      const message = toMessageResource(inserted.message, toParty(sender), inserted.attachments);
      return { created: true, message, inserted, target, written };
    } catch (error) {
      await Promise.all(kept.map((f) => store.remove(f.storageKey)));
      if (error instanceof DuplicateSend) {
        const existing = await earlier();
        if (existing) return { created: false, message: existing };
      }
      throw error;
    } finally {
      // The uploads as they came: what is kept was written anew from their cleaned content.
      await Promise.all(uploads.map((u) => store.discardTemp(u.tempPath)));
    }
  }

  return { send, store, limiter, messages: repository };
}

export type Messaging = ReturnType<typeof createMessaging>;

const instances = new WeakMap<FastifyInstance['config'], Messaging>();

/**
 * One per app (keyed by its config, the same object in every plugin of the app),
 * so chats and support share files and each sender's allowance.
 */
export function messagingFor(app: FastifyInstance): Messaging {
  let messaging = instances.get(app.config);
  if (!messaging) {
    messaging = createMessaging(app);
    instances.set(app.config, messaging);
  }
  return messaging;
}

/**
 * `MessageSent` to each user's own channel, after the commit. The text is cut
 * (and flagged) only if the event would exceed the realtime size limit.
 */
export function publishMessageSent(
  publisher: Publisher,
  userIds: Iterable<number>,
  message: ChatMessageResource,
  chatKind: ChatMessageEvent['chat_kind'],
): void {
  const payload = fitContent(message.content, (content, truncated) => {
    const event: ChatMessageEvent = {
      id: message.id,
      chat_id: message.chat_id,
      client_id: message.client_id,
      chat_kind: chatKind,
      sender: message.sender ?? { id: 0, name: '', image: null },
      content,
      attachments: message.attachments,
      created_at: message.created_at,
      ...(truncated ? { content_truncated: true as const } : {}),
    };
    return { message: event };
  });
  for (const userId of new Set(userIds)) publisher.publish(userChannel(userId), 'MessageSent', payload);
}

export type { AttachmentsStore, MessagesRepository, SendLimit };
