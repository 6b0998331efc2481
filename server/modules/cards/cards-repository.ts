import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cards, type Card } from '../../db/schema';
import type { TokenisedCard } from '../payments/payment-provider';

/** Saved cards (tokens only), always scoped to their owner. */
export function cardsRepository(db: Db) {
  return {
    list(userId: number): Promise<Card[]> {
      return db.select().from(cards).where(eq(cards.userId, userId)).orderBy(asc(cards.id));
    },
    async find(userId: number, id: number): Promise<Card | null> {
      const [row] = await db.select().from(cards).where(and(eq(cards.userId, userId), eq(cards.id, id)));
      return row ?? null;
    },
    async countFor(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(cards).where(eq(cards.userId, userId));
      return Number(row.n);
    },
    async create(userId: number, provider: string, card: TokenisedCard, holder: string | null): Promise<Card> {
      const [row] = await db
        .insert(cards)
        .values({ userId, provider, providerToken: card.token, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, holder })
        .returning();
      return row;
    },
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(cards).where(and(eq(cards.userId, userId), eq(cards.id, id))).returning({ id: cards.id });
      return rows.length > 0;
    },
  };
}

export type CardsRepository = ReturnType<typeof cardsRepository>;
