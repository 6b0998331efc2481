import { desc, eq } from 'drizzle-orm';
import type { BannerLinkOption, SellerBanner } from '../../../shared/api/seller-banners';
import type { Language } from '../../../shared/i18n/languages';
import { msg } from '../../../shared/validation/message';
import { runSchema } from '../../../shared/validation/run-schema';
import { bannerFieldsSchema, parseBannerLink } from '../../../shared/validation/seller-banners';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';
import { mergeFieldErrors } from '../../lib/field-errors';
import { HttpError, validationFailed } from '../../lib/http-error';
import type { FileStorage } from '../../storage/file-storage';
import { refusalMessage, UploadRefused } from '../../storage/upload-refusal';
import { imagesRepository } from '../catalog/common/images-repository';
import { removeUploadedImage, storeUploadedImage } from '../catalog/common/stored-image';
import type { BannerForm } from './banner-form';
import { toSellerBanner } from './banner-resources';
import { ownPages } from './own-pages';
import { isPayingSeller } from './paying-sellers';

/**
 * A seller's banners: creating one (it waits for a moderator), and reading their own with the
 * state and the reason of a refusal. Only a paying seller may create one (403 otherwise, telling
 * them to buy a promotion plan first).
 */
export function bannersService(db: Db, storage: FileStorage) {
  const pages = ownPages(db);
  const images = imagesRepository(db);

  return {
    async create(userId: number, form: BannerForm, now: Date): Promise<SellerBanner> {
      if (!(await isPayingSeller(db, userId, now))) throw new HttpError(403, 'sellerBanners.errors.notPaying');
      const fields = await runSchema(bannerFieldsSchema, form.fields);
      let linkError = null;
      if (fields.ok) {
        const target = parseBannerLink(fields.value.link)!;
        if (!(await pages.owns(userId, target))) linkError = { link: [msg('sellerBanners.errors.linkNotOwn')] };
      }
      const errors = mergeFieldErrors(form.errors, fields.ok ? null : fields.errors, linkError);
      if (errors || !fields.ok || !form.image) throw validationFailed(errors ?? {});
      let imageId: string;
      try {
        imageId = await storeUploadedImage(db, storage, userId, form.image.body);
      } catch (error) {
        if (error instanceof UploadRefused) throw validationFailed({ image: [refusalMessage(error, form.image.name, msg('sellerBanners.errors.imageFormat'))] });
        throw error;
      }
      const input = fields.value;
      try {
        const [row] = await db
          .insert(banners)
          .values({
            placement: input.placement,
            title: input.title,
            titleEn: input.title_en || null,
            subtitle: input.subtitle ?? '',
            imageId,
            link: input.link,
            startsAt: new Date(input.starts_at),
            endsAt: new Date(input.ends_at),
            ownerId: userId,
            status: 'moderation',
          })
          .returning();
        return toSellerBanner(row, await images.resources([imageId], storage), now);
      } catch (error) {
        await removeUploadedImage(db, storage, imageId).catch(() => undefined);
        throw error;
      }
    },

    /** The seller's banners, newest first, and whether they may create one now. */
    async mine(userId: number, now: Date): Promise<{ data: SellerBanner[]; meta: { can_create: boolean } }> {
      const rows = await db.select().from(banners).where(eq(banners.ownerId, userId)).orderBy(desc(banners.createdAt), desc(banners.id));
      const imageMap = await images.resources(
        rows.map((r) => r.imageId),
        storage,
      );
      return { data: rows.map((row) => toSellerBanner(row, imageMap, now)), meta: { can_create: await isPayingSeller(db, userId, now) } };
    },

    links(userId: number, lang: Language): Promise<BannerLinkOption[]> {
      return pages.list(userId, lang);
    },
  };
}

export type BannersService = ReturnType<typeof bannersService>;
