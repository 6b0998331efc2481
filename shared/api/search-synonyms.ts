import { Type, type Static } from 'typebox';

/** A row of the search synonym list (staff: `GET/POST /v1/search/synonyms`, `PATCH/DELETE /v1/search/synonyms/{id}`). */
export const SearchSynonymResource = Type.Object({
  id: Type.Integer(),
  terms: Type.Array(Type.String()),
  expansions: Type.Array(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SearchSynonymResource = Static<typeof SearchSynonymResource>;

// Loose bounds here; the shared rule (shared/validation/search-synonyms.ts) says what is allowed, in words.
export const SearchSynonymBody = Type.Object({
  terms: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 200 }),
  expansions: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 200 })),
});
export const SearchSynonymPatch = Type.Partial(SearchSynonymBody);
