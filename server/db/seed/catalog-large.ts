import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { businessCategories, businesses, productCategories, products, users } from '../schema';
import { random } from './catalog-seed';
import { SHELVES } from './catalog-seed-data';
import { COLOURS, MODIFIERS, pickBrand } from './catalog-large-words';

const BUSINESS_COUNT = 200;
/**
 * Rows per statement. Each batch goes as one JSON parameter unpacked by `json_to_recordset`: one set-based insert
 * of 10,000 rows instead of ten of 1,000 rows × 17 bound parameters each (drizzle's VALUES list), so a million
 * products are 100 statements and the statement-level vocabulary trigger (migration 0029) runs 100 times.
 */
const BATCH = 10_000;
const WRITERS = 2;

/** One product as the batch's JSON carries it (the columns of the insert below). */
interface LargeRow {
  business_id: number;
  category_id: number | null;
  kind: 'product' | 'service';
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  price: number;
  discount_percent: number;
  stock: number | null;
  duration_minutes: number | null;
  orders_count: number;
  rating_count: number;
  rating_sum: number;
  /** Milliseconds since the epoch. */
  published: number;
}

/**
 * Adds `total` published products and services (spread over 200 extra
 * businesses) for benchmarks; names combine the demo shelves' items with
 * brands (1,512, used unevenly), modifiers and colours (catalog-large-words.ts),
 * so search has realistic text to work through. Returns how many products the
 * database holds afterwards.
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
  let generated = 0;
  let done = 0;
  /** The next batch's rows, the same every run whatever order the batches are written in. */
  const nextBatch = (): LargeRow[] => {
    const rows: LargeRow[] = [];
    for (let i = 0; i < Math.min(BATCH, total - generated); i++) {
      const at = generated + i;
      const business = created[at % created.length];
      const shelf = SHELVES[slugOf.get(business.categoryId)!];
      const [ru, en, price, section] = rnd.pick(shelf.items);
      const [modRu, modEn] = rnd.pick(MODIFIERS);
      const brand = pickBrand(rnd.next);
      const [colourRu, colourEn] = rnd.chance(0.5) ? rnd.pick(COLOURS) : ['', ''];
      const ratingCount = rnd.chance(0.7) ? rnd.int(1, 300) : 0;
      const service = business.kind === 'service';
      const name = `${ru} ${brand} ${modRu} ${colourRu}`.trim().slice(0, 120);
      const nameEn = `${en} ${brand} ${modEn} ${colourEn}`.trim().slice(0, 120);
      rows.push({
        business_id: business.id,
        category_id: sectionId.get(`${business.id}:${section}`) ?? null,
        kind: service ? 'service' : 'product',
        name,
        name_en: nameEn,
        description: `${ru}, ${modRu}. ${shelf.about[0]}`,
        description_en: `${en}, ${modEn}. ${shelf.about[1]}`,
        price: Math.max(100, Math.round(price * 100 * (0.5 + rnd.next()))),
        discount_percent: rnd.chance(0.25) ? rnd.pick([5, 10, 15, 20, 30, 50]) : 0,
        stock: service ? null : rnd.int(0, 500),
        duration_minutes: service ? rnd.pick([30, 60, 90]) : null,
        orders_count: rnd.int(0, 2000),
        rating_count: ratingCount,
        rating_sum: Math.round(ratingCount * (2.5 + rnd.next() * 2.5)),
        published: now - rnd.int(0, 365 * 24 * 3600) * 1000,
      });
    }
    generated += rows.length;
    return rows;
  };
  const writeBatch = async (rows: LargeRow[]) => {
    await db.execute(sql`
      insert into products (business_id, category_id, kind, status, name, name_en, description, description_en, price, discount_percent,
        stock, duration_minutes, orders_count, rating_count, rating_sum, published_at, created_at)
      select r.business_id, r.category_id, r.kind::product_kind, 'published', r.name, r.name_en, r.description, r.description_en, r.price,
        r.discount_percent, r.stock, r.duration_minutes, r.orders_count, r.rating_count, r.rating_sum,
        to_timestamp(r.published / 1000.0), to_timestamp(r.published / 1000.0)
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(business_id int, category_id int, kind text, name text, name_en text,
        description text, description_en text, price bigint, discount_percent int, stock int, duration_minutes int, orders_count int,
        rating_count int, rating_sum int, published bigint)`);
    done += rows.length;
    onProgress?.(done);
  };
  // Two batches in flight: the search documents (triggers, migration 0017) are computed by the database, one core per
  // statement, so on PostgreSQL a second connection keeps the second core busy. PGlite runs them one after the other.
  const writer = async () => {
    while (generated < total) await writeBatch(nextBatch());
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  // Fresh statistics, or the planner guesses at a million new rows (PGlite has no autovacuum to do it later).
  await db.execute(sql`analyze products, businesses, product_categories, search_words`);
  const [row] = await db.select({ value: count() }).from(products);
  return Number(row.value);
}
