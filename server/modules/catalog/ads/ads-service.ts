import type { AdBody } from '../../../../shared/api/catalog-ads';
import { adSchema, type AdInput } from '../../../../shared/validation/catalog-ad';
import { msg } from '../../../../shared/validation/message';
import type { Db } from '../../../db/client';
import type { Ad, NewAd } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/http-error';
import { validateShared } from '../../../lib/shared-schema';
import { changedAny, moderationOnWrite } from '../../admin-moderation/moderation-submission';
import { ownedReferences, throwIfAny } from '../common/owned-references';
import { adsRepository } from './ads-repository';

function columnsOf(input: AdInput): Omit<NewAd, 'userId'> {
  return {
    categoryId: input.category_id,
    title: input.title,
    titleEn: input.title_en ?? null,
    description: input.description,
    descriptionEn: input.description_en ?? null,
    price: input.price ?? null,
    currency: input.currency,
    location: input.location,
    locationEn: input.location_en ?? null,
    condition: input.condition ?? null,
    imageIds: input.image_ids,
    status: input.status as Ad['status'],
  };
}

/** Ads belong to their author: only they change or delete them. */
export function adsService(db: Db) {
  const repository = adsRepository(db);
  const references = ownedReferences(db);

  async function check(userId: number, input: AdInput, attached: string[] = []) {
    throwIfAny(
      (await repository.categoryExists(input.category_id)) ? {} : { category_id: [msg('catalog.validation.categoryNotFound')] },
      await references.imageProblem(userId, input.image_ids, 'image_ids', attached),
    );
  }

  async function owned(userId: number, id: number): Promise<Ad> {
    const ad = await repository.find(id);
    if (!ad) throw notFound();
    if (ad.userId !== userId) throw forbidden();
    return ad;
  }

  return {
    async create(userId: number, body: AdBody): Promise<Ad> {
      const input = await validateShared(adSchema, body);
      await check(userId, input);
      const moderation = await moderationOnWrite(db, 'ads', null, true);
      return repository.create({ ...columnsOf(input), userId, publishedAt: input.status === 'published' ? new Date() : null, ...moderation });
    },

    async update(userId: number, id: number, body: AdBody): Promise<Ad> {
      const current = await owned(userId, id);
      const input = await validateShared(adSchema, body);
      await check(userId, input, current.imageIds);
      const firstPublication = input.status === 'published' && !current.publishedAt;
      const columns = columnsOf(input);
      const content = changedAny(current, columns, ['title', 'titleEn', 'description', 'descriptionEn', 'location', 'locationEn', 'imageIds']);
      const moderation = await moderationOnWrite(db, 'ads', current, content);
      return repository.update(id, { ...columns, ...(firstPublication ? { publishedAt: new Date() } : {}), ...moderation });
    },

    async remove(userId: number, id: number): Promise<void> {
      await owned(userId, id);
      await repository.remove(id);
    },
  };
}
