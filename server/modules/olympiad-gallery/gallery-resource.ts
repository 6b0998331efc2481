import type { GalleryWork } from '../../../shared/api/olympiad-works';
import type { Language } from '../../../shared/i18n/languages';
import type { FileStorage } from '../../storage/file-storage';
import { toImageResource } from '../catalog/common/images-repository';
import type { GalleryRow } from './gallery-repository';

/** Where a work's file is served (by the works module): the PDF itself or the picture. */
export const workFileUrl = (workId: number) => `/v1/olympiad/works/${workId}/file`;

/** A gallery row as the public sees it; `liked` only for a participant, `mine` for the author. */
export function toGalleryWork(row: GalleryRow, viewerId: number, lang: Language, storage: FileStorage): GalleryWork {
  const image =
    row.image_id && row.image_width !== null && row.image_height !== null && row.image_variants
      ? toImageResource({ id: row.image_id, width: row.image_width, height: row.image_height, variants: row.image_variants }, storage)
      : null;
  return {
    id: row.id,
    contest: { id: row.contest_id, title: lang === 'en' ? row.contest_title_en : row.contest_title_ru },
    title: row.title,
    description: row.description,
    author: { id: row.participant_id, public_name: row.login, category: row.category },
    likes_count: row.likes_count,
    liked: row.viewer_participant ? row.liked : null,
    mine: viewerId !== 0 && row.participant_id === viewerId,
    published_at: new Date(row.published_at).toISOString(),
    file_kind: row.file_kind,
    image,
    file_url: workFileUrl(row.id),
    file_bytes: row.file_bytes,
  };
}
