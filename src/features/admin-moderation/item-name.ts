import type { ModerationItem } from '../../../shared/api/admin-moderation';

/** The item's name as the queue lists it (the buyer's card name when there is one, else its own text). */
export const itemName = (item: ModerationItem): string => item.business?.name ?? item.product?.name ?? item.ad?.title ?? item.texts.name;
