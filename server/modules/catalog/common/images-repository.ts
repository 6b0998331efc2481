import { and, eq, inArray } from 'drizzle-orm';
import { IMAGE_WIDTHS } from '../../../../shared/api/catalog-values';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import type { Db } from '../../../db/client';
import { images, type ImageRow } from '../../../db/schema';
import type { FileStorage } from '../../../storage/file-storage';
import { imageVariantKey } from '../../../storage/image-processing';

/** Reads only the size columns, so a query that joins `images` may pass just those. */
export function toImageResource(row: Pick<ImageRow, 'id' | 'width' | 'height' | 'variants'>, storage: FileStorage): ImageResource {
  const variants = row.variants.map((variant, index) => ({
    width: variant.width,
    height: variant.height,
    url: storage.publicUrl(imageVariantKey(row.id, IMAGE_WIDTHS[index])),
  }));
  const medium = variants[Math.min(1, variants.length - 1)];
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    url: medium.url,
    srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', '),
    variants,
  };
}

export type ImageMap = Map<string, ImageResource>;

export function imagesRepository(db: Db) {
  return {
    async create(values: typeof images.$inferInsert): Promise<ImageRow> {
      const [row] = await db.insert(images).values(values).onConflictDoNothing().returning();
      return row ?? (await db.select().from(images).where(eq(images.id, values.id)))[0];
    },

    /** Resources of every id given (unknown ids are skipped), keyed by id. */
    async resources(ids: Array<string | null | undefined>, storage: FileStorage): Promise<ImageMap> {
      const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
      if (!wanted.length) return new Map();
      const rows = await db.select().from(images).where(inArray(images.id, wanted));
      return new Map(rows.map((row) => [row.id, toImageResource(row, storage)]));
    },

    /** The ids among `ids` that exist and were uploaded by `ownerId` (seeded images have no owner and may be reused). */
    async usableBy(ownerId: number, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: images.id, ownerId: images.ownerId })
        .from(images)
        .where(and(inArray(images.id, ids)));
      return new Set(rows.filter((row) => row.ownerId === null || row.ownerId === ownerId).map((row) => row.id));
    },
  };
}
