import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oncePerDatabase } from '../../db/once-per-database';
import { businesses, cartItems, products, users, type CartItem } from '../../db/schema';
import { CART_QUANTITY_MAX } from '../../../shared/api/order-values';

/** The product as it is now, beside the line that holds it (null once deleted). */
export interface CartLine {
  item: CartItem;
  product: {
    id: number;
    businessId: number;
    name: string;
    nameEn: string | null;
    status: string;
    /** Moderation lets it (and its business) be seen; a hidden product cannot be bought. */
    moderationPublic: boolean;
    finalPrice: number;
    currency: string;
    stock: number | null;
    imageIds: string[];
  } | null;
  /** With the owner's language: a checkout's notifications to the business are written in it. */
  business: { id: number; name: string; nameEn: string | null; ownerId: number; ownerLocale: string; deliveryDiscountPercent: number };
}

const productColumns = {
  id: products.id,
  businessId: products.businessId,
  name: products.name,
  nameEn: products.nameEn,
  status: products.status,
  moderationPublic: products.moderationPublic,
  finalPrice: products.finalPrice,
  currency: products.currency,
  stock: products.stock,
  imageIds: products.imageIds,
};

/** The product a line may be added for, with its business (owner and delivery discount). */
export type Purchasable = NonNullable<CartLine['product']> & { ownerId: number };

/**
 * A user's lines with their products and businesses, sent by name: the cart,
 * its badge and every checkout (twice) read it, so PostgreSQL plans it once
 * per connection. Outside a transaction the query is also built only once per database.
 */
const linesQuery = (executor: Db) =>
  executor
    .select({
      item: cartItems,
      product: productColumns,
      business: { id: businesses.id, name: businesses.name, nameEn: businesses.nameEn, ownerId: businesses.ownerId, ownerLocale: users.locale, deliveryDiscountPercent: businesses.deliveryDiscountPercent },
    })
    .from(cartItems)
    .innerJoin(businesses, eq(businesses.id, cartItems.businessId))
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.businessId), asc(cartItems.id))
    .prepare('cart_lines');
const builtLines = oncePerDatabase(linesQuery);

/** Cart lines of one user; ids of another user's lines read as missing. */
export function cartRepository(db: Db) {
  return {
    async lines(userId: number, executor: Db = db): Promise<CartLine[]> {
      // In a transaction the statement is built for it (same name and text: still planned once per connection).
      const query = executor === db ? builtLines(db) : linesQuery(executor);
      const rows = await query.execute({ userId });
      return rows.map((r) => ({ item: r.item, product: r.product?.id ? r.product : null, business: r.business }));
    },
    async product(productId: number): Promise<Purchasable | null> {
      const [row] = await db
        .select({ ...productColumns, ownerId: businesses.ownerId })
        .from(products)
        .innerJoin(businesses, eq(businesses.id, products.businessId))
        .where(eq(products.id, productId));
      return row ?? null;
    },
    async find(userId: number, id: number): Promise<CartItem | null> {
      const [row] = await db.select().from(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)));
      return row ?? null;
    },
    async findByProduct(userId: number, productId: number): Promise<CartItem | null> {
      const [row] = await db.select().from(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
      return row ?? null;
    },
    async countLines(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
      return Number(row.n);
    },
    /**
     * Sets the line of a product (created if missing) to `quantity`, and stamps
     * the price the buyer sees now: adding or editing a line accepts it.
     */
    async put(userId: number, product: Purchasable, quantity: number): Promise<void> {
      const seen = { seenName: product.name, seenPrice: product.finalPrice, seenCurrency: product.currency, seenAvailable: true };
      await db
        .insert(cartItems)
        .values({ userId, productId: product.id, businessId: product.businessId, quantity: Math.min(quantity, CART_QUANTITY_MAX), ...seen })
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: sql`excluded.quantity`, ...seen, updatedAt: new Date() } });
    },
    async remove(userId: number, id: number): Promise<void> {
      await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)));
    },
    /** A line whose product is gone can only be removed; editing its quantity just re-stamps nothing. */
    async setQuantityOnly(userId: number, id: number, quantity: number): Promise<void> {
      await db.update(cartItems).set({ quantity }).where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)));
    },
    /**
     * The buyer accepted the cart as it is now: lines that cannot be bought go,
     * quantities shrink to the stock left, and every seen price becomes today's.
     */
    async acceptChanges(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          delete from cart_items c
           where c.user_id = ${userId}
             and not exists (select 1 from products p where p.id = c.product_id and p.status = 'published' and p.moderation_public and (p.stock is null or p.stock > 0))`);
        await tx.execute(sql`
          update cart_items c
             set seen_price = p.final_price, seen_currency = p.currency, seen_name = p.name, seen_available = true,
                 quantity = case when p.stock is null then c.quantity else least(c.quantity, p.stock) end, updated_at = now()
            from products p
           where p.id = c.product_id and c.user_id = ${userId}`);
      });
    },
  };
}

export type CartRepository = ReturnType<typeof cartRepository>;
