import { eq } from 'drizzle-orm';
import type { ContentResource } from '../../../shared/api/olympiad-content';
import type { Language } from '../../../shared/i18n/languages';
import type { ContentEditInput, ContentKey } from '../../../shared/validation/olympiad-content';
import type { Db } from '../../db/client';
import { olympiadPages, type OlympiadPage } from '../../db/schema';
import { iso } from '../../lib/serialize';

export function toContentResource(page: OlympiadPage, lang: Language, editable: boolean): ContentResource {
  const resource: ContentResource = {
    key: page.key,
    title: lang === 'en' ? page.titleEn : page.titleRu,
    body: lang === 'en' ? page.bodyEn : page.bodyRu,
    updated_at: iso(page.updatedAt),
    editable,
  };
  if (editable) {
    resource.translations = { ru: { title: page.titleRu, body: page.bodyRu }, en: { title: page.titleEn, body: page.bodyEn } };
  }
  return resource;
}

export function contentRepository(db: Db) {
  return {
    async get(key: ContentKey): Promise<OlympiadPage | null> {
      const [row] = await db.select().from(olympiadPages).where(eq(olympiadPages.key, key)).limit(1);
      return row ?? null;
    },

    /** Both languages at once, so a page is never half translated. */
    async save(key: ContentKey, input: ContentEditInput, userId: number): Promise<OlympiadPage> {
      const values = { titleRu: input.ru.title, bodyRu: input.ru.body, titleEn: input.en.title, bodyEn: input.en.body, updatedBy: userId };
      const [row] = await db
        .insert(olympiadPages)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: olympiadPages.key, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row;
    },
  };
}
