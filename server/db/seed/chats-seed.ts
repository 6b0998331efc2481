import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import {
  businesses,
  chatMembers,
  chats,
  messages,
  products,
  supportCannedReplies,
  supportConversations,
  supportNotes,
  supportReads,
  users,
} from '../schema';
import type { Subject } from '../../modules/chats/chat-subjects';
import { directKey } from '../../modules/chats/chats-repository';

type Line = [who: string, text: string, minutesAgo: number];

/** Started from one of the seller's products and from the seller's business page (when the catalog seed made them). */
const DIRECT_CHATS: Array<{ about: Subject['type']; lines: Line[] }> = [
  {
    about: 'product',
    lines: [
    ['buyer', 'Здравствуйте! Помидоры черри ещё есть?', 60 * 26],
    ['seller', 'Добрый день! Да, сегодня утром собрали, около 8 кг.', 60 * 26 - 12],
    ['buyer', 'Отлично. Можно 2 кг с доставкой на завтра?', 60 * 26 - 15],
    ['seller', 'Можно. Доставка после 16:00, оформите заказ в карточке товара.', 60 * 26 - 20],
    ['buyer', 'Оформила, спасибо!', 60 * 25],
    ['seller', 'Заказ принят, завтра привезём. Хорошего вечера!', 45],
    ],
  },
  {
    about: 'business',
    lines: [
      ['seller', 'Ирина, у нас появился фермерский творог, если интересно.', 60 * 72],
      ['buyer', 'Интересно! Какая жирность?', 60 * 71],
      ['seller', '5 и 9 процентов, упаковки по 500 г.', 60 * 70],
    ],
  },
];

const SUPPORT_CUSTOMERS = [
  { email: 'maria.petrova@example.com', name: 'Maria Petrova', about: '' },
  { email: 'ivan.sidorov@example.com', name: 'Ivan Sidorov', about: '' },
];

type SupportSeed = {
  customer: string;
  status: 'open' | 'pending' | 'resolved' | 'snoozed';
  assignee: string | null;
  snoozeHours?: number;
  lines: Line[];
  note?: string;
};

const SUPPORT: SupportSeed[] = [
  {
    customer: 'buyer@example.com',
    status: 'open',
    assignee: null,
    lines: [
      ['customer', 'Здравствуйте! Не приходит код для входа на почту.', 30],
      ['customer', 'Проверила папку «Спам», там тоже нет.', 28],
    ],
  },
  {
    customer: 'seller@example.com',
    status: 'pending',
    assignee: 'support@example.com',
    lines: [
      ['customer', 'Как подключить продвижение для магазина?', 60 * 5],
      ['agent', 'Здравствуйте! Откройте «Мой бизнес» → «Продвижение» и выберите тариф. Получилось?', 60 * 4],
    ],
    note: 'Продавец с хорошим рейтингом, можно предложить пробный период.',
  },
  {
    customer: 'maria.petrova@example.com',
    status: 'resolved',
    assignee: 'support@example.com',
    lines: [
      ['customer', 'Заказ пришёл неполным: нет одного пакета молока.', 60 * 48],
      ['agent', 'Извините! Продавец вернёт деньги за молоко в течение дня.', 60 * 47],
      ['customer', 'Деньги пришли, спасибо!', 60 * 30],
    ],
  },
  {
    customer: 'ivan.sidorov@example.com',
    status: 'snoozed',
    assignee: 'admin@example.com',
    snoozeHours: 20,
    lines: [
      ['customer', 'Хочу участвовать в олимпиаде, но мне 18 исполнится через месяц. Можно?', 60 * 3],
      ['agent', 'Уточню у организаторов и вернусь к вам завтра.', 60 * 2],
    ],
    note: 'Ждём ответа организаторов олимпиады по возрасту.',
  },
];

const CANNED_REPLIES = [
  { shortcut: 'привет', title: 'Приветствие', content: 'Здравствуйте! Меня зовут {имя}, я из поддержки «Базара». Чем могу помочь?' },
  { shortcut: 'код', title: 'Не приходит код', content: 'Проверьте, пожалуйста, папку «Спам» и правильность адреса. Запросить код повторно можно через 30 секунд.' },
  { shortcut: 'доставка', title: 'Сроки доставки', content: 'Сроки и стоимость доставки указывает продавец в карточке товара; уточнить их можно в чате с продавцом.' },
  { shortcut: 'возврат', title: 'Возврат денег', content: 'Мы передали ваш запрос продавцу. Деньги вернутся на карту в течение 1–3 рабочих дней.' },
  { shortcut: 'спасибо', title: 'Завершение', content: 'Спасибо за обращение! Если появятся вопросы, пишите, мы на связи.' },
];

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Demo chats between buyer@ and seller@, support conversations in every status, and canned replies. */
export async function seedChats(db: Db): Promise<void> {
  await db.insert(users).values(SUPPORT_CUSTOMERS).onConflictDoNothing();
  const emails = ['buyer@example.com', 'seller@example.com', 'support@example.com', 'admin@example.com', ...SUPPORT_CUSTOMERS.map((c) => c.email)];
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const id = (email: string) => {
    const found = rows.find((r) => r.email === email);
    if (!found) throw new Error(`seed: no user ${email}`);
    return found.id;
  };
  const buyer = id('buyer@example.com');
  const seller = id('seller@example.com');

  const [business] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerId, seller)).orderBy(asc(businesses.id)).limit(1);
  const [product] = business
    ? await db.select({ id: products.id }).from(products).where(eq(products.businessId, business.id)).orderBy(asc(products.id)).limit(1)
    : [];
  const subjects: Partial<Record<Subject['type'], Subject | null>> = {
    product: product ? { type: 'product', id: product.id } : null,
    business: business ? { type: 'business', id: business.id } : null,
  };

  await db.transaction(async (tx) => {
    const keys = new Set<string>();
    for (const { about, lines } of DIRECT_CHATS) {
      const subject = subjects[about] ?? null;
      const key = directKey(buyer, seller, subject);
      // Without a catalog both would be the same plain chat: one is enough.
      if (keys.has(key)) continue;
      keys.add(key);
      const [chat] = await tx
        .insert(chats)
        .values({ kind: 'direct', directKey: key, subjectType: subject?.type ?? null, subjectId: subject?.id ?? null })
        .returning();
      const stored = await tx
        .insert(messages)
        .values(lines.map(([who, content, minutes]) => ({ chatId: chat.id, senderId: who === 'buyer' ? buyer : seller, content, createdAt: ago(minutes) })))
        .returning();
      const last = stored[stored.length - 1];
      await tx.update(chats).set({ lastMessageId: last.id, lastMessageAt: last.createdAt }).where(inArray(chats.id, [chat.id]));
      // The last message is unread for whoever did not write it.
      await tx.insert(chatMembers).values([
        { chatId: chat.id, userId: buyer, unreadCount: last.senderId === seller ? 1 : 0, lastReadMessageId: stored[stored.length - 2]?.id ?? null },
        { chatId: chat.id, userId: seller, unreadCount: last.senderId === buyer ? 1 : 0, lastReadMessageId: stored[stored.length - 2]?.id ?? null },
      ]);
    }

    for (const seed of SUPPORT) {
      const customerId = id(seed.customer);
      const assigneeId = seed.assignee ? id(seed.assignee) : null;
      const [chat] = await tx.insert(chats).values({ kind: 'support' }).returning();
      const stored = await tx
        .insert(messages)
        .values(seed.lines.map(([who, content, minutes]) => ({ chatId: chat.id, senderId: who === 'customer' ? customerId : (assigneeId ?? customerId), content, createdAt: ago(minutes) })))
        .returning();
      const last = stored[stored.length - 1];
      const lastCustomer = [...stored].reverse().find((m) => m.senderId === customerId);
      await tx.update(chats).set({ lastMessageId: last.id, lastMessageAt: last.createdAt }).where(inArray(chats.id, [chat.id]));
      await tx.insert(chatMembers).values({ chatId: chat.id, userId: customerId, unreadCount: last.senderId === customerId ? 0 : 1 });
      await tx.insert(supportConversations).values({
        chatId: chat.id,
        userId: customerId,
        status: seed.status,
        snoozedUntil: seed.snoozeHours ? new Date(Date.now() + seed.snoozeHours * 3_600_000) : null,
        assigneeId,
        lastCustomerMessageId: lastCustomer?.id ?? null,
        lastMessageAt: last.createdAt,
      });
      // The assignee has read what they answered; the open conversation is unread for everyone.
      if (assigneeId && last.senderId === assigneeId) await tx.insert(supportReads).values({ chatId: chat.id, agentId: assigneeId, lastReadMessageId: last.id });
      if (seed.note && assigneeId) await tx.insert(supportNotes).values({ chatId: chat.id, authorId: assigneeId, content: seed.note });
    }

    const author = id('support@example.com');
    await tx
      .insert(supportCannedReplies)
      .values(CANNED_REPLIES.map((r) => ({ ...r, createdBy: author })))
      .onConflictDoNothing();
  });
}
