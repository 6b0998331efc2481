import { Type, type Static } from 'typebox';
import { BUSINESS_KINDS } from './catalog-values';
import { CATEGORY_TYPES } from './category-icon-values';
import { Nullable, StringEnum } from './catalog-common';
import { Id } from './numbers';

/**
 * Catalogue categories in the admin area (issue 17; admins only):
 * - `GET /v1/admin/categories?type=ad|business`: the categories of one type in their order
 *   (business ones by kind, then position), each with how many ads or businesses use it.
 * - `POST /v1/admin/categories`: a new one (names in both languages, icon; kind for business);
 *   the slug comes from the English name (422 on `name_en` when another has it). 201.
 * - `PATCH /v1/admin/categories/{type}/{id}`: new names or icon (the kind never changes).
 * - `DELETE /v1/admin/categories/{type}/{id}`: only an unused one (409 otherwise: merge it). 204.
 * - `PUT /v1/admin/categories/order`: the new order of one type (of one kind for business ones),
 *   every category of it once; 409 when the list changed meanwhile.
 * - `POST /v1/admin/categories/{type}/{id}/merge`: moves every ad or business to `target_id`
 *   (same type, same kind) and deletes this one; 422 on itself or another kind.
 * Every change writes an audit row and shows in the public catalogue at once.
 */
export const AdminCategory = Type.Object({
  id: Type.Integer(),
  type: StringEnum(CATEGORY_TYPES),
  /** Business categories only (null for ad categories). */
  kind: Nullable(StringEnum(BUSINESS_KINDS)),
  slug: Type.String(),
  name: Type.String(),
  name_en: Nullable(Type.String()),
  icon: Type.String(),
  position: Type.Integer(),
  /** Ads (any state) or businesses filed under it: a used category cannot be deleted, only merged. */
  usage: Type.Integer(),
});
export type AdminCategory = Static<typeof AdminCategory>;

export const AdminCategoryListQuery = Type.Object({ type: StringEnum(CATEGORY_TYPES) });

export const AdminCategoryParams = Type.Object({ type: StringEnum(CATEGORY_TYPES), id: Id() });

// Loose bounds here; the shared rule (shared/validation/admin-categories.ts) says what is allowed, in words.
export const AdminCategoryFields = Type.Object({
  name: Type.String({ maxLength: 1000 }),
  name_en: Type.String({ maxLength: 1000 }),
  icon: Type.String({ maxLength: 100 }),
});
export type AdminCategoryFields = Static<typeof AdminCategoryFields>;

export const AdminCategoryCreateBody = Type.Object({
  type: StringEnum(CATEGORY_TYPES),
  kind: Type.Optional(Nullable(StringEnum(BUSINESS_KINDS))),
  name: Type.String({ maxLength: 1000 }),
  name_en: Type.String({ maxLength: 1000 }),
  icon: Type.String({ maxLength: 100 }),
});
export type AdminCategoryCreateBody = Static<typeof AdminCategoryCreateBody>;

export const AdminCategoryPatch = Type.Partial(AdminCategoryFields);

export const AdminCategoryOrderBody = Type.Object({
  type: StringEnum(CATEGORY_TYPES),
  /** Required for business categories: the order is kept within a kind. */
  kind: Type.Optional(Nullable(StringEnum(BUSINESS_KINDS))),
  ids: Type.Array(Id(), { minItems: 1, maxItems: 1000 }),
});
export type AdminCategoryOrderBody = Static<typeof AdminCategoryOrderBody>;

export const AdminCategoryMergeBody = Type.Object({ target_id: Id() });

export const AdminCategoryMergeResult = Type.Object({
  target: AdminCategory,
  /** How many ads or businesses moved to the target. */
  moved: Type.Integer(),
});
export type AdminCategoryMergeResult = Static<typeof AdminCategoryMergeResult>;
