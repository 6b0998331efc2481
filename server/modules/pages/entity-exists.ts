import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, ads, broadcasts, businesses, chatMembers, chats, creativeContests, creativeWorks, olympiadAttempts, olympiadStages, olympiadTests, orders, productCategories, products, users } from '../../db/schema';
import type { EntityKind } from '../../../shared/routes';
import { publicAd, publicBusiness, publicProduct } from '../catalog/common/public-items';

/**
 * Whether the thing a deep link names is there for this visitor, exactly as the API would answer
 * its page's call: drafts exist for their owner only, a chat for its members only, an order for its
 * buyer and its business's owner only (so a stranger cannot tell "not yours" from "no such thing").
 * A guest is sent to sign in from every private thing whatever its id, so a guest learns nothing
 * either way: private kinds answer true for guests. One indexed query per check.
 */
export type EntityExists = (kind: EntityKind, id: number, viewerId: number | null) => Promise<boolean>;

/** Public (published and let through by moderation), or the viewer's own in any state. */
const visibleToViewer = (isPublic: SQL, ownerMatches: SQL | null): SQL | undefined => (ownerMatches ? or(isPublic, ownerMatches) : isPublic);

export function entityExists(db: Db): EntityExists {
  const one = async (query: Promise<unknown[]>) => (await query).length > 0;
  return async (kind, id, viewerId) => {
    switch (kind) {
      case 'product':
        return one(
          db
            .select({ id: products.id })
            .from(products)
            .innerJoin(businesses, eq(businesses.id, products.businessId))
            .where(and(eq(products.id, id), visibleToViewer(publicProduct, viewerId ? eq(businesses.ownerId, viewerId) : null)))
            .limit(1),
        );
      case 'ad':
        return one(
          db
            .select({ id: ads.id })
            .from(ads)
            .where(and(eq(ads.id, id), visibleToViewer(publicAd, viewerId ? eq(ads.userId, viewerId) : null)))
            .limit(1),
        );
      case 'business':
        return one(db.select({ id: businesses.id }).from(businesses).where(and(eq(businesses.id, id), visibleToViewer(publicBusiness, viewerId ? eq(businesses.ownerId, viewerId) : null))).limit(1));
      case 'user':
        return one(db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1));
      case 'broadcast':
        // Admins' only (the broadcasts API answers nobody else): for anyone else there is no such page.
        if (viewerId === null) return true;
        return one(
          db
            .select({ id: broadcasts.id })
            .from(broadcasts)
            .innerJoin(users, and(eq(users.id, viewerId), eq(users.role, 'admin')))
            .where(eq(broadcasts.id, id))
            .limit(1),
        );
      case 'chat':
      case 'support-chat':
        if (viewerId === null) return true;
        return one(
          db
            .select({ one: sql`1` })
            .from(chatMembers)
            .innerJoin(chats, and(eq(chats.id, chatMembers.chatId), eq(chats.kind, kind === 'chat' ? 'direct' : 'support')))
            .where(and(eq(chatMembers.chatId, id), eq(chatMembers.userId, viewerId)))
            .limit(1),
        );
      case 'address':
        if (viewerId === null) return true;
        return one(db.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, viewerId))).limit(1));
      case 'product-category':
        if (viewerId === null) return true;
        return one(
          db
            .select({ id: productCategories.id })
            .from(productCategories)
            .innerJoin(businesses, eq(businesses.id, productCategories.businessId))
            .where(and(eq(productCategories.id, id), eq(businesses.ownerId, viewerId)))
            .limit(1),
        );
      case 'olympiad-test':
        // As GET /v1/olympiad/tests/{id} answers: published, and not of an in-person stage.
        if (viewerId === null) return true;
        return one(
          db
            .select({ id: olympiadTests.id })
            .from(olympiadTests)
            .innerJoin(olympiadStages, eq(olympiadStages.id, olympiadTests.stageId))
            .where(and(eq(olympiadTests.id, id), eq(olympiadTests.published, true), eq(olympiadStages.inPerson, false)))
            .limit(1),
        );
      case 'olympiad-attempt':
        if (viewerId === null) return true;
        return one(db.select({ id: olympiadAttempts.id }).from(olympiadAttempts).where(and(eq(olympiadAttempts.id, id), eq(olympiadAttempts.userId, viewerId))).limit(1));
      case 'olympiad-work':
        // In the gallery once approved; before that, its author's only.
        return one(
          db
            .select({ id: creativeWorks.id })
            .from(creativeWorks)
            .where(and(eq(creativeWorks.id, id), viewerId ? or(eq(creativeWorks.status, 'approved'), eq(creativeWorks.participantId, viewerId)) : eq(creativeWorks.status, 'approved')))
            .limit(1),
        );
      case 'olympiad-contest':
        return one(db.select({ id: creativeContests.id }).from(creativeContests).where(eq(creativeContests.id, id)).limit(1));
      case 'order':
        if (viewerId === null) return true;
        return one(
          db
            .select({ id: orders.id })
            .from(orders)
            .innerJoin(businesses, eq(businesses.id, orders.businessId))
            .where(and(eq(orders.id, id), or(eq(orders.buyerId, viewerId), eq(businesses.ownerId, viewerId))))
            .limit(1),
        );
    }
  };
}
