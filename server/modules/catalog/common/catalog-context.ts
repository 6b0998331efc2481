import type { FastifyRequest } from 'fastify';
import type { Language } from '../../../../shared/i18n/languages';
import type { FileStorage } from '../../../storage/file-storage';

/** Who is looking and in which language: every catalogue resource depends on both. */
export interface CatalogContext {
  lang: Language;
  viewerId: number | null;
  storage: FileStorage;
}

export const catalogContext = (request: FastifyRequest): CatalogContext => ({
  lang: request.lang,
  viewerId: request.user?.id ?? null,
  storage: request.server.storage,
});

/** The text in the reader's language: English when asked for and present, else the Russian original. */
export const localized = (lang: Language, ru: string, en: string | null | undefined): string => (lang === 'en' && en ? en : ru);

/** Mean of integer ratings with one decimal; 0 while unrated. */
export const meanRating = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : 0);

export const pageMeta = (page: number, perPage: number, total: number) => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});
