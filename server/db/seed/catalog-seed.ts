import { eq, inArray, sql } from 'drizzle-orm';
import type { Weekday } from '../../../shared/api/catalog-values';
import { loadConfig } from '../../config';
import type { FileStorage } from '../../storage/file-storage';
import { storageForDataDir } from '../../storage/local-storage';
import type { Db } from '../client';
import {
  adCategories,
  ads,
  banners,
  businessCategories,
  businessSubscriptions,
  businesses,
  favorites,
  productCategories,
  products,
  users,
  type NewAd,
  type NewProduct,
  type StoredWorkingHours,
} from '../schema';
import { bannerCard, hueOf, seedImageBatch } from './catalog-seed-images';
import { SEED_ADS, SEED_BANNERS, SEED_BUSINESSES, SEED_CITIES, SEED_MERCHANTS, SEED_PEOPLE, SHELVES, type SeedBusiness } from './catalog-seed-data';

/** A small deterministic generator, so every seed makes the same catalogue. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `#rrggbb` of an HSL colour (the banner's background while its picture loads). */
function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function hoursFor(kind: SeedBusiness['kind'], index: number): StoredWorkingHours {
  const day = (open: string, close: string) => ({ open, close });
  const weekdays: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
  const hours = {} as StoredWorkingHours;
  const [open, close] = kind === 'restaurant' ? ['10:00', '23:00'] : kind === 'service' ? ['09:00', '20:00'] : ['08:00', '22:00'];
  for (const d of weekdays) hours[d] = day(open, close);
  hours.sat = kind === 'restaurant' ? day('11:00', '01:00') : day('10:00', '18:00');
  hours.sun = index % 3 === 0 && kind === 'service' ? null : kind === 'restaurant' ? day('11:00', '23:00') : day('10:00', '17:00');
  return hours;
}

/** Rounds a rouble price to a tidy figure and turns it into kopecks. */
const kopecks = (roubles: number) => (roubles >= 1000 ? Math.round(roubles / 10) * 10 : roubles) * 100;

async function usersByEmail(db: Db, emails: string[]): Promise<Map<string, number>> {
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  return new Map(rows.map((row) => [row.email as string, row.id]));
}

/**
 * The demo catalogue: 32 businesses of the three kinds with 512 goods and
 * services, 100 ads, banners, a few follows and favorites; every name in
 * Russian with an English translation, every picture drawn here by code.
 * Expects the demo accounts (seller@, buyer@) to exist.
 */
export async function seedCatalog(db: Db, storage: FileStorage = storageForDataDir(loadConfig().dataDir)): Promise<void> {
  const rnd = random(20_241_121);
  const now = Date.now();

  await db
    .insert(users)
    .values([
      ...SEED_MERCHANTS.map((u) => ({ email: u.email, name: u.name })),
      ...SEED_PEOPLE.map((u) => ({ email: u.email, name: u.name })),
    ])
    .onConflictDoNothing();
  const people = await usersByEmail(db, [
    'seller@example.com',
    'buyer@example.com',
    ...SEED_MERCHANTS.map((u) => u.email),
    ...SEED_PEOPLE.map((u) => u.email),
  ]);
  const idOf = (email: string) => {
    const id = people.get(email);
    if (!id) throw new Error(`seed user ${email} is missing`);
    return id;
  };

  const businessCategoryIds = new Map((await db.select().from(businessCategories)).map((c) => [c.slug, c.id]));
  const adCategoryRows = new Map((await db.select().from(adCategories)).map((c) => [c.slug, c]));
  const adCategoryIds = new Map([...adCategoryRows].map(([slug, c]) => [slug, c.id]));
  const images = seedImageBatch(db, storage);

  // Businesses with their logo and cover.
  const businessRows = SEED_BUSINESSES.map((b, index) => {
    const hue = hueOf(b.name[0]);
    return {
      ownerId: idOf(b.owner),
      kind: b.kind,
      categoryId: businessCategoryIds.get(b.category)!,
      name: b.name[0],
      nameEn: b.name[1],
      description: b.description[0],
      descriptionEn: b.description[1],
      address: b.address[0],
      addressEn: b.address[1],
      phone: `+7 900 ${String(100 + index).padStart(3, '0')}-${String(10 + index).padStart(2, '0')}-${String(20 + index).padStart(2, '0')}`,
      workingHours: hoursFor(b.kind, index),
      // Pictures without words: a picture cannot follow the reader's language, the name beside it does.
      logoImageId: images.add({ width: 320, height: 320, hue }),
      coverImageId: images.add({ width: 720, height: 240, hue: (hue + 20) % 360 }),
      deliveryDiscountPercent: b.deliveryDiscount ?? 0,
      // Order counts and ratings come from real orders (orders-seed.ts), never invented.
      createdAt: new Date(now - (120 - index) * DAY_MS),
    };
  });

  // Product pictures: one card per shelf section (drawing one per item would make the first start slow).
  const sectionImage = new Map<string, string>();
  for (const [slug, shelf] of Object.entries(SHELVES)) {
    shelf.sections.forEach((_, section) => {
      sectionImage.set(`${slug}:${section}`, images.add({ width: 400, height: 400, hue: (hueOf(slug) + section * 40) % 360 }));
    });
  }
  const adCategoryImage = new Map(
    Object.keys(SEED_ADS).map((slug, index) => [slug, images.add({ width: 480, height: 360, hue: (index * 36 + 15) % 360 })]),
  );
  const adRows: Array<Omit<NewAd, 'userId'> & { author: string }> = [];
  const authors = [...SEED_PEOPLE.map((p) => p.email), 'buyer@example.com', 'seller@example.com'];
  let adIndex = 0;
  for (const [slug, list] of Object.entries(SEED_ADS)) {
    for (const [ru, en, price] of list) {
      const goods = !['jobs', 'services', 'realty'].includes(slug);
      const published = new Date(now - (adIndex % 45) * DAY_MS - rnd.int(0, DAY_MS));
      adRows.push({
        author: authors[adIndex % authors.length],
        categoryId: adCategoryIds.get(slug)!,
        title: ru,
        titleEn: en,
        description: `${ru}. Пишите в чат, отвечу быстро. Возможен торг.`,
        descriptionEn: `${en}. Message me in the chat, I answer quickly. Open to offers.`,
        price: price === null ? null : price * 100,
        currency: 'RUB',
        location: SEED_CITIES[adIndex % SEED_CITIES.length][0],
        locationEn: SEED_CITIES[adIndex % SEED_CITIES.length][1],
        condition: goods ? (adIndex % 3 === 0 ? 'new' : 'used') : null,
        imageIds: [adCategoryImage.get(slug)!],
        status: 'published',
        publishedAt: published,
        createdAt: published,
      });
      adIndex++;
    }
  }
  const bannerRows = SEED_BANNERS.map((b, index) => ({
    placement: b.placement,
    title: b.title[0],
    titleEn: b.title[1],
    subtitle: b.subtitle[0],
    subtitleEn: b.subtitle[1],
    // No words in the picture: the page prints the title and subtitle over it, in the reader's language.
    imageId: images.add(bannerCard(b.hue)),
    link: b.link,
    background: hslToHex(b.hue, 65, 45),
    position: index,
  }));
  await images.flush();

  await db.transaction(async (tx) => {
    const inserted = await tx.insert(businesses).values(businessRows).returning({ id: businesses.id, ownerId: businesses.ownerId });

    const categoryValues = inserted.flatMap((b, index) =>
      SHELVES[SEED_BUSINESSES[index].category].sections.map(([ru, en], position) => ({ businessId: b.id, name: ru, nameEn: en, position })),
    );
    const categoryRows = await tx.insert(productCategories).values(categoryValues).returning({ id: productCategories.id, businessId: productCategories.businessId, position: productCategories.position });
    const sectionId = new Map(categoryRows.map((c) => [`${c.businessId}:${c.position}`, c.id]));

    const productRows: NewProduct[] = [];
    inserted.forEach((b, index) => {
      const seed = SEED_BUSINESSES[index];
      const shelf = SHELVES[seed.category];
      const service = seed.kind === 'service';
      shelf.items.forEach(([ru, en, price, section], itemIndex) => {
        const published = new Date(now - rnd.int(0, 60) * DAY_MS - rnd.int(0, DAY_MS));
        // The seller keeps a draft in each business, so "my products" shows more than one state.
        const draft = seed.owner === 'seller@example.com' && itemIndex >= shelf.items.length - 1;
        productRows.push({
          businessId: b.id,
          categoryId: sectionId.get(`${b.id}:${section}`),
          kind: service ? 'service' : 'product',
          status: draft ? 'draft' : 'published',
          name: ru,
          nameEn: en,
          description: `${ru}. ${shelf.about[0]}`,
          descriptionEn: `${en}. ${shelf.about[1]}`,
          price: kopecks(Math.max(1, Math.round(price * (0.9 + rnd.next() * 0.25)))),
          discountPercent: rnd.chance(0.28) ? rnd.pick([5, 10, 15, 20, 25, 30, 40]) : 0,
          currency: 'RUB',
          stock: service ? null : rnd.chance(0.08) ? 0 : rnd.int(1, 200),
          durationMinutes: service ? rnd.pick([30, 45, 60, 90, 120, 180]) : null,
          imageIds: [sectionImage.get(`${seed.category}:${section}`)!],
          publishedAt: draft ? null : published,
          createdAt: published,
        });
      });
    });
    const productIds: number[] = [];
    for (let i = 0; i < productRows.length; i += 200) {
      const rows = await tx.insert(products).values(productRows.slice(i, i + 200)).returning({ id: products.id });
      productIds.push(...rows.map((r) => r.id));
    }

    await tx.insert(ads).values(adRows.map(({ author, ...ad }) => ({ ...ad, userId: idOf(author) })));
    await tx.insert(banners).values(bannerRows);

    // The buyer already follows a few shops and keeps a few favorites, so those screens are not empty.
    const buyer = idOf('buyer@example.com');
    const followed = inserted.filter((_, index) => [0, 14, 17].includes(index)).map((b) => b.id);
    await tx.insert(businessSubscriptions).values(followed.map((businessId) => ({ userId: buyer, businessId }))).onConflictDoNothing();
    const liked = productIds.filter((_, index) => index % 97 === 3).slice(0, 5);
    await tx
      .insert(favorites)
      .values([...liked.map((targetId) => ({ userId: buyer, targetType: 'product' as const, targetId })), { userId: buyer, targetType: 'business' as const, targetId: inserted[0].id }])
      .onConflictDoNothing();
    await tx.update(businesses).set({ subscribersCount: sql`${businesses.subscribersCount} + 1` }).where(inArray(businesses.id, followed));
    await tx.update(businesses).set({ favoritesCount: sql`${businesses.favoritesCount} + 1` }).where(eq(businesses.id, inserted[0].id));
    await tx.update(products).set({ favoritesCount: sql`${products.favoritesCount} + 1` }).where(inArray(products.id, liked));
  });
}
