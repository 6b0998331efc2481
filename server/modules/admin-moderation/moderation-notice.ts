import { isLanguage } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { ModeratedKind } from '../../../shared/moderation/moderation-values';
import { localized } from '../catalog/common/catalog-context';
import { screenPath } from '../catalog/common/screen-paths';
import type { NewNotification } from '../notifications/notifier';
import { KIND_STORES } from './moderated-kinds';

/**
 * What the owner is told of a decision on their business, ad or product, in their own language,
 * with a link to the item (its page shows a rejected item's reason and the way to edit it).
 */
export function moderationNotice(
  kind: ModeratedKind,
  item: { id: number; ownerId: number; locale: string; name: string; nameEn: string | null },
  status: 'approved' | 'rejected',
  reason: string | null,
): NewNotification {
  const lang = isLanguage(item.locale) ? item.locale : 'ru';
  const link = screenPath(KIND_STORES[kind].screen, { id: item.id });
  const values = { name: localized(lang, item.name, item.nameEn), reason: reason ?? '', what: translate(lang, `admin.moderation.notice.what.${kind}`) };
  return {
    userId: item.ownerId,
    type: 'moderation',
    title: translate(lang, `admin.moderation.notice.${status}.title`, values),
    body: translate(lang, `admin.moderation.notice.${status}.body`, values),
    data: { kind, id: item.id, status, link },
  };
}
