import { eq, inArray } from 'drizzle-orm';
import type { ChatSubjectType } from '../../../shared/validation/chats';
import type { Db } from '../../db/client';
import { ads, businesses, products } from '../../db/schema';

export interface Subject {
  type: ChatSubjectType;
  id: number;
}

/**
 * What a chat may be about: the catalog's products, businesses and ads. The only
 * place chats touch the catalog, so a change there is one edit here.
 */
const TABLES = {
  product: { table: products, id: products.id, name: products.name },
  business: { table: businesses, id: businesses.id, name: businesses.name },
  ad: { table: ads, id: ads.id, name: ads.title },
} as const;

export async function subjectExists(db: Db, subject: Subject): Promise<boolean> {
  const { table, id } = TABLES[subject.type];
  const rows = await db.select({ id }).from(table).where(eq(id, subject.id)).limit(1);
  return rows.length > 0;
}

/** Display names of subjects, keyed `type:id`; missing ones (deleted since) are left out. */
export async function subjectNames(db: Db, subjects: Subject[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const type of Object.keys(TABLES) as ChatSubjectType[]) {
    const ids = [...new Set(subjects.filter((s) => s.type === type).map((s) => s.id))];
    if (!ids.length) continue;
    const { table, id, name } = TABLES[type];
    for (const row of await db.select({ id, name }).from(table).where(inArray(id, ids))) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}
