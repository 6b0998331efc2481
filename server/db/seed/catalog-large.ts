import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { businessCategories, businesses, productCategories, products, users, type NewProduct } from '../schema';
import { random } from './catalog-seed';
import { SHELVES } from './catalog-seed-data';

/** Words that turn one shelf item into many believable products. */
const MODIFIERS: Array<[string, string]> = [
  ['премиум', 'premium'],
  ['эконом', 'economy'],
  ['мини', 'mini'],
  ['макси', 'maxi'],
  ['органический', 'organic'],
  ['классический', 'classic'],
  ['новинка', 'new'],
  ['набор', 'set'],
  ['лимитированная серия', 'limited edition'],
  ['для всей семьи', 'family size'],
  ['подарочный', 'gift'],
  ['домашний', 'homemade'],
  ['профессиональный', 'professional'],
  ['сезонный', 'seasonal'],
  ['быстрый', 'express'],
];
const BRANDS = ['Alpha', 'Nord', 'Vita', 'Sever', 'Volga', 'Ural', 'Terra', 'Luna', 'Sol', 'Kedr', 'Altai', 'Baikal'];

const BUSINESS_COUNT = 200;
const BATCH = 1000;

/**
 * Adds `total` published products and services (spread over 200 extra
 * businesses) for benchmarks; names combine the demo shelves with brands and
 * modifiers, so search has realistic text to work through. Returns how many
 * products the database holds afterwards.
 */
export async function seedLargeCatalog(db: Db, total: number, onProgress?: (done: number) => void): Promise<number> {
  const rnd = random(424_242);
  await db.insert(users).values({ email: 'bench-merchant@example.com', name: 'Бенчмарк Торговый', about: '' }).onConflictDoNothing();
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'bench-merchant@example.com'));
  const categories = await db.select().from(businessCategories);
  const shelfSlugs = Object.keys(SHELVES);
  const usable = categories.filter((c) => shelfSlugs.includes(c.slug));

  const created = await db
    .insert(businesses)
    .values(
      Array.from({ length: BUSINESS_COUNT }, (_, i) => {
        const category = usable[i % usable.length];
        return {
          ownerId: owner.id,
          kind: category.kind,
          categoryId: category.id,
          name: `${category.name} №${i + 1}`,
          nameEn: `${category.nameEn ?? category.name} #${i + 1}`,
          description: `Магазин для нагрузочных тестов: ${category.name.toLowerCase()}.`,
          descriptionEn: `A shop for load tests: ${(category.nameEn ?? '').toLowerCase()}.`,
          address: `Москва, ул. Тестовая, ${i + 1}`,
          workingHours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
          deliveryDiscountPercent: i % 7 === 0 ? 10 : 0,
          ordersCount: rnd.int(0, 1000),
        };
      }),
    )
    .returning({ id: businesses.id, kind: businesses.kind, categoryId: businesses.categoryId });

  const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
  const sections = await db
    .insert(productCategories)
    .values(created.flatMap((b) => SHELVES[slugOf.get(b.categoryId)!].sections.map(([ru, en], position) => ({ businessId: b.id, name: ru, nameEn: en, position }))))
    .returning({ id: productCategories.id, businessId: productCategories.businessId, position: productCategories.position });
  const sectionId = new Map(sections.map((s) => [`${s.businessId}:${s.position}`, s.id]));

  const now = Date.now();
  let done = 0;
  while (done < total) {
    const rows: NewProduct[] = [];
    for (let i = 0; i < Math.min(BATCH, total - done); i++) {
      const business = created[(done + i) % created.length];
      const shelf = SHELVES[slugOf.get(business.categoryId)!];
      const [ru, en, price, section] = rnd.pick(shelf.items);
      const [modRu, modEn] = rnd.pick(MODIFIERS);
      const brand = rnd.pick(BRANDS);
      const ratingCount = rnd.chance(0.7) ? rnd.int(1, 300) : 0;
      const service = business.kind === 'service';
      const published = new Date(now - rnd.int(0, 365 * 24 * 3600) * 1000);
      rows.push({
        businessId: business.id,
        categoryId: sectionId.get(`${business.id}:${section}`),
        kind: service ? 'service' : 'product',
        status: 'published',
        name: `${ru} ${brand} ${modRu}`.slice(0, 120),
        nameEn: `${en} ${brand} ${modEn}`.slice(0, 120),
        description: `${ru}, ${modRu}. ${shelf.about[0]}`,
        descriptionEn: `${en}, ${modEn}. ${shelf.about[1]}`,
        price: Math.max(100, Math.round(price * 100 * (0.5 + rnd.next()))),
        discountPercent: rnd.chance(0.25) ? rnd.pick([5, 10, 15, 20, 30, 50]) : 0,
        stock: service ? null : rnd.int(0, 500),
        durationMinutes: service ? rnd.pick([30, 60, 90]) : null,
        ordersCount: rnd.int(0, 2000),
        ratingCount,
        ratingSum: Math.round(ratingCount * (2.5 + rnd.next() * 2.5)),
        publishedAt: published,
        createdAt: published,
      });
    }
    await db.insert(products).values(rows);
    done += rows.length;
    onProgress?.(done);
  }
  // Fresh statistics, or the planner guesses at 100,000 new rows (PGlite has no autovacuum to do it later).
  await db.execute(sql`analyze products, businesses, product_categories`);
  const [row] = await db.select({ value: count() }).from(products);
  return Number(row.value);
}
