import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { adSubscriptionHistory, adSubscriptions, businesses, products, promotionPlans, users } from '../schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo seller pays for a promotion, so sellers' banners (only paying sellers may create
 * them) can be tried at once with seller@example.com: one active 30-day subscription that
 * highlights one of their products. It highlights only (no raise in lists), so the demo
 * catalogue's order is not changed by it. The plan it was bought under is kept out of sale
 * (`active = false`), so the demo's list of plans is the promotion module's own.
 */
export async function seedPayingSeller(db: Db, now = new Date()): Promise<void> {
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@example.com'));
  if (!seller) return;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(businesses.ownerId, seller.id), eq(products.status, 'published')))
    .orderBy(asc(products.id))
    .limit(1);
  if (!product) return;
  await db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(promotionPlans)
      .values({ slug: 'demo-highlight', name: 'Выделение (демо)', nameEn: 'Highlight (demo)', perks: ['highlight'], boost: 0, durationDays: 30, price: 49_900, active: false, position: 99 })
      .returning();
    const startedAt = new Date(now.getTime() - DAY_MS);
    const endsAt = new Date(startedAt.getTime() + plan.durationDays * DAY_MS);
    const [subscription] = await tx
      .insert(adSubscriptions)
      .values({
        userId: seller.id,
        planId: plan.id,
        productId: product.id,
        status: 'active',
        idempotencyKey: 'demo-seed',
        perks: plan.perks,
        boost: plan.boost,
        durationDays: plan.durationDays,
        price: plan.price,
        currency: plan.currency,
        startedAt,
        endsAt,
      })
      .returning();
    await tx.insert(adSubscriptionHistory).values([
      { subscriptionId: subscription.id, fromStatus: null, toStatus: 'pending_payment', actor: 'seller', actorUserId: seller.id, at: startedAt },
      { subscriptionId: subscription.id, fromStatus: 'pending_payment', toStatus: 'active', actor: 'system', at: startedAt },
    ]);
    // What buyers see follows the subscription: the product carries its perks until the end date.
    await tx.update(products).set({ promotedUntil: endsAt, promotionBoost: plan.boost, promotionPerks: plan.perks }).where(eq(products.id, product.id));
  });
}
