import { eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages';
import type { ChatSubjectType, OrderSubjectViewer } from '../../../shared/validation/chats';
import type { Db } from '../../db/client';
import { ads, businesses, orders, products } from '../../db/schema';

export interface Subject {
  type: ChatSubjectType;
  id: number;
}

/** How a subject is shown to one member: its display name and, for an order, which side of it the member is. */
export interface SubjectDetails {
  name: string;
  viewer?: OrderSubjectViewer;
}

/**
 * What a chat may be about: the catalog's products, businesses and ads, and
 * orders. The only place chats touch the catalog and the orders, so a change
 * there is one edit here.
 */
const TABLES = {
  product: { table: products, id: products.id, name: products.name, nameEn: products.nameEn },
  business: { table: businesses, id: businesses.id, name: businesses.name, nameEn: businesses.nameEn },
  ad: { table: ads, id: ads.id, name: ads.title, nameEn: ads.titleEn },
} as const;

/** A catalogue name in the reader's language: the English one when asked for and written, else the original. */
const nameIn = (lang: Language, name: string, nameEn: string | null) => (lang === 'en' && nameEn ? nameEn : name);
type CatalogType = keyof typeof TABLES;

/** An order's two sides: its buyer and the owner of the business it is from. */
async function orderParties(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: orders.id, buyerId: orders.buyerId, ownerId: businesses.ownerId, businessName: businesses.name, businessNameEn: businesses.nameEn })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(inArray(orders.id, ids));
}

/**
 * Whether `senderId` may write to `recipientId` about the subject. A catalog
 * subject only has to exist; an order is talked about only by its two sides,
 * one writing to the other. A foreign order is refused as a missing one, so
 * its existence is not told.
 */
export async function subjectAllows(db: Db, subject: Subject, senderId: number, recipientId: number): Promise<boolean> {
  if (subject.type === 'order') {
    const [order] = await orderParties(db, [subject.id]);
    if (!order) return false;
    return (order.buyerId === senderId && order.ownerId === recipientId) || (order.ownerId === senderId && order.buyerId === recipientId);
  }
  const { table, id } = TABLES[subject.type];
  const rows = await db.select({ id }).from(table).where(eq(id, subject.id)).limit(1);
  return rows.length > 0;
}

/**
 * How `viewerId` sees each subject in `lang`, keyed `type:id`; missing ones (deleted since) are left out.
 * An order is named by its business; `viewer` says whether the member bought it or sells it.
 */
export async function subjectDetails(db: Db, subjects: Subject[], viewerId: number, lang: Language): Promise<Map<string, SubjectDetails>> {
  const details = new Map<string, SubjectDetails>();
  const idsOf = (type: ChatSubjectType) => [...new Set(subjects.filter((s) => s.type === type).map((s) => s.id))];
  for (const type of Object.keys(TABLES) as CatalogType[]) {
    const ids = idsOf(type);
    if (!ids.length) continue;
    const { table, id, name, nameEn } = TABLES[type];
    for (const row of await db.select({ id, name, nameEn }).from(table).where(inArray(id, ids))) details.set(`${type}:${row.id}`, { name: nameIn(lang, row.name, row.nameEn) });
  }
  for (const order of await orderParties(db, idsOf('order'))) {
    details.set(`order:${order.id}`, { name: nameIn(lang, order.businessName, order.businessNameEn), viewer: order.buyerId === viewerId ? 'buyer' : 'seller' });
  }
  return details;
}
