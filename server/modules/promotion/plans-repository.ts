import { and, asc, eq } from 'drizzle-orm';
import type { PromotionPlanResource } from '../../../shared/api/seller-promotion';
import type { PromotionPerk } from '../../../shared/promotion/subscription-machine';
import type { Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { promotionPlans, type PromotionPlan } from '../../db/schema';
import { localized } from '../catalog/common/catalog-context';

export const toPlanResource = (plan: PromotionPlan, lang: Language): PromotionPlanResource => ({
  id: plan.id,
  slug: plan.slug,
  name: localized(lang, plan.name, plan.nameEn),
  description: localized(lang, plan.description, plan.descriptionEn),
  perks: plan.perks as PromotionPerk[],
  boost: plan.boost,
  duration_days: plan.durationDays,
  price: plan.price,
  currency: plan.currency,
});

/** The plans sellers buy from (staff keep them; migration 0023 puts the reference three in every database). */
export function plansRepository(db: Db) {
  return {
    active(): Promise<PromotionPlan[]> {
      return db.select().from(promotionPlans).where(eq(promotionPlans.active, true)).orderBy(asc(promotionPlans.position), asc(promotionPlans.id));
    },
    /** An active plan, or null (unknown and retired plans cannot be bought). */
    async findActive(id: number): Promise<PromotionPlan | null> {
      const [row] = await db.select().from(promotionPlans).where(and(eq(promotionPlans.id, id), eq(promotionPlans.active, true)));
      return row ?? null;
    },
  };
}
