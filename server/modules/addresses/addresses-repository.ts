import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, users, type Address } from '../../db/schema';
import type { AddressInput } from '../../../shared/validation/addresses';

/** A user's addresses; every query is scoped to the owner, so another user's id reads as missing. */
export function addressesRepository(db: Db) {
  /** Makes `id` the only default of the user (the partial unique index allows one). */
  async function makeDefault(tx: Db, userId: number, id: number) {
    await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
    await tx.update(addresses).set({ isDefault: true }).where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
  }

  /**
   * A user's address writes take turns: two saves at once would both see "no addresses yet" (or
   * room under the limit) and both claim the default, which the partial unique index refuses.
   */
  async function lockOwner(tx: Db, userId: number) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  return {
    list(userId: number): Promise<Address[]> {
      return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
    },
    async find(userId: number, id: number): Promise<Address | null> {
      const [row] = await db.select().from(addresses).where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
      return row ?? null;
    },
    /** The first address a user saves becomes the default; null when the user already keeps `max`. */
    create(userId: number, input: AddressInput, max: number): Promise<Address | null> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const { is_default: wantsDefault, ...fields } = input;
        const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
        if (Number(n) >= max) return null;
        const [row] = await tx.insert(addresses).values({ userId, ...fields, isDefault: false }).returning();
        if (wantsDefault || Number(n) === 0) await makeDefault(tx, userId, row.id);
        const [stored] = await tx.select().from(addresses).where(eq(addresses.id, row.id));
        return stored;
      });
    },
    update(userId: number, id: number, input: AddressInput): Promise<Address | null> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const { is_default: wantsDefault, ...fields } = input;
        const [row] = await tx
          .update(addresses)
          .set(fields)
          .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
          .returning();
        if (!row) return null;
        if (wantsDefault) await makeDefault(tx, userId, id);
        const [stored] = await tx.select().from(addresses).where(eq(addresses.id, id));
        return stored;
      });
    },
    /** Orders keep their own copy, so deleting never touches them; a deleted default passes to the oldest left. */
    remove(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const [row] = await tx.delete(addresses).where(and(eq(addresses.userId, userId), eq(addresses.id, id))).returning();
        if (!row) return false;
        if (row.isDefault) {
          const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
          if (next) await makeDefault(tx, userId, next.id);
        }
        return true;
      });
    },
  };
}

export type AddressesRepository = ReturnType<typeof addressesRepository>;
