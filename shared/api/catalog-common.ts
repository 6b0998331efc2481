import { Type, type Static, type TSchema } from 'typebox';
import { PageMeta } from './envelope';

/**
 * Vocabulary of the marketplace catalogue shared by the API, the seed and the SPA.
 *
 * Money is always an integer number of minor units (kopecks, cents) plus a
 * currency code; the API never sends or accepts a float price.
 * Texts are stored in Russian (`name`) with an optional English translation
 * (`name_en`); resources carry the text in the caller's language
 * (`lang` cookie / Accept-Language), falling back to Russian.
 */
/** A string that is one of `values` (JSON schema `enum`). */
export const StringEnum = <const T extends string[]>(values: readonly [...T], options: Record<string, unknown> = {}) => Type.Enum(values, options);

/**
 * `T` or null. A scalar becomes `type: [T, "null"]` rather than `anyOf`: with
 * the server's type coercion, `anyOf` would turn a null into 0 (or a 0 into null).
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const type = (schema as { type?: unknown }).type;
  const scalar = typeof type === 'string' && type !== 'object' && type !== 'array';
  return Type.Unsafe<Static<T> | null>(scalar ? { ...schema, type: [type, 'null'] } : Type.Union([schema, Type.Null()]));
};

/** An uploaded image: `url` is the 600 px variant; `srcset` lists every variant for `<img srcset>`. */
export const ImageResource = Type.Object({
  id: Type.String(),
  /** Size of the largest variant; the ratio lets a screen reserve the box before the image loads. */
  width: Type.Integer(),
  height: Type.Integer(),
  url: Type.String(),
  srcset: Type.String(),
  variants: Type.Array(Type.Object({ width: Type.Integer(), height: Type.Integer(), url: Type.String() })),
});
export type ImageResource = Static<typeof ImageResource>;

/** Name and description in both languages, for the owner's edit form. */
export const EditableTexts = Type.Object({
  name: Type.String(),
  name_en: Nullable(Type.String()),
  description: Type.String(),
  description_en: Nullable(Type.String()),
});
export type EditableTexts = Static<typeof EditableTexts>;

/** Rating fields (filled by order ratings later): `rating` is the mean 0–5 with one decimal, 0 when unrated. */
export const RatingFields = {
  rating: Type.Number(),
  rating_count: Type.Integer(),
};

export const PageQueryFields = {
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 24 }),
};

export const PagedList = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: PageMeta });

/** `?flag=1` or `?flag=true` switches a filter on; `0`, `false` or leaving it out, off. */
export const QueryFlag = Type.Optional(StringEnum(['1', '0', 'true', 'false'] as const));
export const flagOn = (value: string | undefined) => value === '1' || value === 'true';

/** A small reference to a category: enough for a chip or a breadcrumb. */
export const CategoryRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CategoryRef = Static<typeof CategoryRef>;

/** The public face of a user next to their ads or businesses. */
export const UserRef = Type.Object({ id: Type.Integer(), name: Type.String(), image: Nullable(Type.String()) });
export type UserRef = Static<typeof UserRef>;
