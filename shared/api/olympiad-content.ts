import { Type, type Static } from 'typebox';

export const ContentTranslation = Type.Object({ title: Type.String(), body: Type.String() });

/** A page in the reader's language; staff also get both languages to edit. */
export const ContentResource = Type.Object({
  key: Type.String(),
  title: Type.String(),
  body: Type.String(),
  updated_at: Type.String(),
  editable: Type.Boolean(),
  translations: Type.Optional(Type.Object({ ru: ContentTranslation, en: ContentTranslation })),
});
export type ContentResource = Static<typeof ContentResource>;

export const ContentKeyParams = Type.Object({ key: Type.String({ maxLength: 40 }) });

export const ContentEditBody = Type.Object({
  ru: Type.Optional(Type.Object({ title: Type.Optional(Type.String({ maxLength: 1000 })), body: Type.Optional(Type.String({ maxLength: 50_000 })) })),
  en: Type.Optional(Type.Object({ title: Type.Optional(Type.String({ maxLength: 1000 })), body: Type.Optional(Type.String({ maxLength: 50_000 })) })),
});
export type ContentEditBody = Static<typeof ContentEditBody>;
