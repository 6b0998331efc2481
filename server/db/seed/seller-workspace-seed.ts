import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '../../../shared/promotion/subscription-machine';
import type { Db } from '../client';
import { STATS_DAY } from '../../modules/statistics/item-owner';
import { adSubscriptionHistory, adSubscriptions, ads, businesses, products, promotionPayments, promotionPlans, users, type PromotionPlan } from '../schema';

const DAY_MS = 86_400_000;

/** The promotion plans every database has (migration 0023), by the slugs it gives them. */
const PLAN_SLUGS = { raise: 'raise-7', highlight: 'highlight-14', premium: 'premium-30' } as const;

/** One demo subscription: which plan, how many days ago it started, and how it stands now. */
interface DemoSubscription {
  plan: keyof typeof PLAN_SLUGS;
  target: { kind: 'ad' | 'product'; index: number };
  startedDaysAgo: number;
  status: Exclude<SubscriptionStatus, 'pending_payment' | 'archived'>;
  /** Paused this many days ago (paused ones). */
  pausedDaysAgo?: number;
}

/** seller@example.com promotes products of their stores and one of their own ads, in every state a seller meets. */
const SELLER_SUBSCRIPTIONS: DemoSubscription[] = [
  { plan: 'premium', target: { kind: 'product', index: 0 }, startedDaysAgo: 3, status: 'active' },
  { plan: 'raise', target: { kind: 'ad', index: 0 }, startedDaysAgo: 2, status: 'active' },
  { plan: 'highlight', target: { kind: 'product', index: 1 }, startedDaysAgo: 6, status: 'paused', pausedDaysAgo: 1 },
  { plan: 'raise', target: { kind: 'product', index: 2 }, startedDaysAgo: 40, status: 'expired' },
  { plan: 'highlight', target: { kind: 'ad', index: 1 }, startedDaysAgo: 25, status: 'expired' },
];

/**
 * The seller's workspace for the demo: promotion subscriptions of seller@example.com (active,
 * paused, expired, with their history and payments; active ones promote their item the way the
 * promotion module does) and 90 days of daily figures for every published business, product and ad,
 * so the dashboard and the statistics show something at the first start. The figures are
 * deterministic (hashes of item and day), grow towards today, rise at weekends and while promoted.
 */
export async function seedSellerWorkspace(db: Db, now = Date.now()): Promise<void> {
  const slugs = Object.values(PLAN_SLUGS);
  const plans = await db.select().from(promotionPlans).where(inArray(promotionPlans.slug, slugs));
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@example.com'));
  const bySlug = new Map(plans.map((p) => [p.slug, p]));
  if (seller && plans.length === slugs.length) await seedSubscriptions(db, seller.id, new Map(Object.entries(PLAN_SLUGS).map(([plan, slug]) => [plan, bySlug.get(slug)!])), now);
  await seedDailyFigures(db);
}

async function seedSubscriptions(db: Db, sellerId: number, plans: Map<string, PromotionPlan>, now: number): Promise<void> {
  const own = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(businesses.ownerId, sellerId), eq(products.status, 'published')))
    .orderBy(asc(products.id));
  const ownAds = await db.select({ id: ads.id }).from(ads).where(and(eq(ads.userId, sellerId), eq(ads.status, 'published'))).orderBy(asc(ads.id));
  await db.transaction(async (tx) => {
    for (const [n, demo] of SELLER_SUBSCRIPTIONS.entries()) {
      const plan = plans.get(demo.plan)!;
      const target = (demo.target.kind === 'ad' ? ownAds : own)[demo.target.index];
      if (!target) continue;
      const startedAt = new Date(now - demo.startedDaysAgo * DAY_MS);
      const pausedAt = demo.pausedDaysAgo === undefined ? null : new Date(now - demo.pausedDaysAgo * DAY_MS);
      const endsAt = new Date(startedAt.getTime() + plan.durationDays * DAY_MS);
      const [subscription] = await tx
        .insert(adSubscriptions)
        .values({
          userId: sellerId,
          planId: plan.id,
          adId: demo.target.kind === 'ad' ? target.id : null,
          productId: demo.target.kind === 'product' ? target.id : null,
          status: demo.status,
          idempotencyKey: `seed-promotion-${n}`,
          perks: plan.perks,
          boost: plan.boost,
          durationDays: plan.durationDays,
          price: plan.price,
          currency: plan.currency,
          startedAt,
          endsAt,
          pausedAt,
          expiryWarnedAt: demo.status === 'expired' ? new Date(endsAt.getTime() - DAY_MS) : null,
          createdAt: startedAt,
          updatedAt: pausedAt ?? (demo.status === 'expired' ? endsAt : startedAt),
        })
        .returning({ id: adSubscriptions.id });
      const moves: Array<{ fromStatus: SubscriptionStatus | null; toStatus: SubscriptionStatus; actor: 'seller' | 'system'; at: Date }> = [
        { fromStatus: null, toStatus: 'pending_payment', actor: 'seller', at: startedAt },
        { fromStatus: 'pending_payment', toStatus: 'active', actor: 'system', at: startedAt },
      ];
      if (pausedAt) moves.push({ fromStatus: 'active', toStatus: 'paused', actor: 'seller', at: pausedAt });
      if (demo.status === 'expired') moves.push({ fromStatus: 'active', toStatus: 'expired', actor: 'system', at: endsAt });
      await tx.insert(adSubscriptionHistory).values(moves.map((m) => ({ ...m, subscriptionId: subscription.id, actorUserId: m.actor === 'seller' ? sellerId : null })));
      await tx.insert(promotionPayments).values({
        subscriptionId: subscription.id,
        provider: 'test',
        idempotencyKey: `seed-promotion-${n}-charge`,
        providerChargeId: `ch_seed_promotion_${n}`,
        status: 'succeeded',
        amount: plan.price,
        currency: plan.currency,
      });
      // An active subscription promotes its item until its end, as the promotion module keeps it.
      if (demo.status === 'active') {
        const promotion = { promotedUntil: endsAt, promotionBoost: plan.boost, promotionPerks: plan.perks };
        if (demo.target.kind === 'ad') await tx.update(ads).set(promotion).where(eq(ads.id, target.id));
        else await tx.update(products).set(promotion).where(eq(products.id, target.id));
      }
    }
  });
}

/**
 * One statement: every published business, product and ad × the last 90 days. `r(n)` is a
 * deterministic number in [0, 1) per item, day and figure; a day is split into its promoted and
 * plain part only where a subscription covered it (the promoted part gets the larger share).
 */
async function seedDailyFigures(db: Db): Promise<void> {
  await db.execute(sql`
    with items as (
      select 'business'::stat_item_kind as kind, b.id, b.owner_id, b.id as business_id, 0::bigint as price, 3 as weight from businesses b
      union all
      select 'product', p.id, b.owner_id, p.business_id, p.final_price, 1 from products p join businesses b on b.id = p.business_id where p.status = 'published'
      union all
      select 'ad', a.id, a.user_id, null, coalesce(a.price, 0), 1 from ads a where a.status = 'published'
    ),
    days as (select (${STATS_DAY} - d)::date as day, d from generate_series(0, 89) d),
    base as (
      select i.kind, i.id, i.owner_id, i.business_id, i.price, i.weight, days.day, days.d,
             -- Growing towards today, busier at weekends.
             (0.55 + 0.45 * (89 - days.d) / 89.0) * (case when extract(isodow from days.day) >= 6 then 1.3 else 1 end) as trend,
             exists (
               select 1 from ad_subscriptions s
                where s.status <> 'pending_payment'
                  and ((i.kind = 'product' and s.product_id = i.id) or (i.kind = 'ad' and s.ad_id = i.id))
                  and days.day between s.started_at::date and coalesce(s.paused_at, s.ends_at)::date
             ) as covered
        from items i cross join days
    ),
    parts as (
      select base.*, part.promoted, case when not base.covered then 1.0 when part.promoted then 0.8 else 0.2 end * case when part.promoted then 2.2 else 1 end as share
        from base cross join lateral (values (false), (true)) as part(promoted)
       where part.promoted = false or base.covered
    ),
    figures as (
      select parts.*,
             (abs(hashtext(kind || ':' || id || ':' || d || ':' || promoted::text)) % 1000) / 1000.0 as r1,
             (abs(hashtext(id || ':' || kind || ':' || d || ':' || promoted::text)) % 1000) / 1000.0 as r2
        from parts
    )
    insert into item_stats_daily (day, item_kind, item_id, promoted, owner_id, business_id, page_views, list_views, favorites, subscriptions, chats, orders, revenue)
    select day, kind, id, promoted, owner_id, business_id,
           floor(trend * share * weight * (4 + 18 * r1))::int,
           floor(trend * share * weight * (25 + 70 * r2))::int,
           case when kind = 'business' then 0 else floor(trend * share * 2.2 * r2 * r1)::int end,
           case when kind = 'business' then floor(trend * 2.5 * r1 * r2)::int else 0 end,
           case when kind = 'business' then 0 else floor(trend * share * 1.8 * r1 * r1)::int end,
           case when kind = 'product' then floor(trend * share * 2.6 * r2 * r2)::int else 0 end,
           case when kind = 'product' then floor(trend * share * 2.6 * r2 * r2)::int * price else 0 end
      from figures
    on conflict do nothing`);
  // An order is counted on its business's row too (what statistics does at checkout): here, each of a
  // day's bought lines as one order of the business.
  await db.execute(sql`
    update item_stats_daily b set orders = s.orders, revenue = s.revenue
      from (select business_id, day, sum(orders)::int as orders, sum(revenue)::bigint as revenue
              from item_stats_daily where item_kind = 'product' group by business_id, day) s
     where b.item_kind = 'business' and b.item_id = s.business_id and b.day = s.day and b.promoted = false`);
}
