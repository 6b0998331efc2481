import { bigint, boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { products } from './products';
import { timestamps } from './shared-columns';
import { users } from './users';

/**
 * A signed-in buyer's cart lines. `seen_*` is what the buyer saw when adding
 * (or last accepting) the line, so a later change is shown, never applied
 * silently. A deleted product leaves the line with a null product id and its
 * name, for the buyer to see what went.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    seenName: varchar('seen_name', { length: 120 }).notNull(),
    seenPrice: bigint('seen_price', { mode: 'number' }).notNull(),
    seenCurrency: varchar('seen_currency', { length: 3 }).notNull(),
    seenAvailable: boolean('seen_available').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('cart_items_user_idx').on(t.userId), uniqueIndex('cart_items_user_product_idx').on(t.userId, t.productId)],
);

export type CartItem = typeof cartItems.$inferSelect;
