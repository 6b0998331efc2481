import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { WEEKDAYS } from '../../../shared/api/catalog-values';
import type { Db } from '../client';
import { adCategories, ads, businessCategories, businesses, users, type StoredWorkingHours } from '../schema';

const HOUR_MS = 60 * 60 * 1000;

/** A newcomer whose first store and an edited ad wait for the demo moderator (issue 17). */
export const NEWCOMER = { email: 'newcomer@example.com', name: 'Anna Novikova' };

/**
 * Something in the moderation queues from the first start, so a moderator trying the admin area
 * finds a new store waiting for approval (hidden until approved, as businesses need approval by
 * default) and an ad changed an hour ago (public, to be checked after). Neither is anyone else's.
 */
export async function seedModerationQueue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [person] = await tx.insert(users).values({ ...NEWCOMER, role: 'user' }).onConflictDoNothing().returning({ id: users.id });
    if (!person) return;
    const now = Date.now();
    const [storeCategory] = await tx.select({ id: businessCategories.id }).from(businessCategories).where(eq(businessCategories.kind, 'store')).orderBy(asc(businessCategories.position)).limit(1);
    await tx.insert(businesses).values({
      ownerId: person.id,
      kind: 'store',
      categoryId: storeCategory.id,
      name: 'Лавка у дома',
      nameEn: 'Corner shop',
      description: 'Свежий хлеб, молоко и овощи рядом с домом. Доставка по району за час.',
      descriptionEn: 'Fresh bread, milk and vegetables next door. Delivery in the district within an hour.',
      address: 'Казань, ул. Баумана, 5',
      addressEn: 'Kazan, Baumana St, 5',
      workingHours: Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '08:00', close: '21:00' }])) as StoredWorkingHours,
      moderationStatus: 'pending',
      moderationSubmittedAt: new Date(now - 2 * HOUR_MS),
    });
    // The ad reuses the picture of a demo ad of its category; published a month ago, changed an hour ago.
    const [category] = await tx.select({ id: adCategories.id }).from(adCategories).where(eq(adCategories.slug, 'electronics')).limit(1);
    if (!category) return;
    const [sample] = await tx.select({ imageIds: ads.imageIds }).from(ads).where(and(eq(ads.categoryId, category.id), isNotNull(ads.publishedAt))).limit(1);
    const published = new Date(now - 30 * 24 * HOUR_MS);
    await tx.insert(ads).values({
      userId: person.id,
      categoryId: category.id,
      title: 'Беспроводные наушники',
      titleEn: 'Wireless headphones',
      description: 'Почти новые, полный комплект, коробка и чек. Отдам вместе с чехлом.',
      descriptionEn: 'Nearly new, complete with box and receipt. Comes with a case.',
      price: 350_000,
      currency: 'RUB',
      location: 'Казань',
      locationEn: 'Kazan',
      condition: 'used',
      imageIds: sample?.imageIds ?? [],
      status: 'published',
      publishedAt: published,
      createdAt: published,
      moderationStatus: 'review',
      moderationSubmittedAt: new Date(now - HOUR_MS),
    });
  });
}
