/**
 * How close a word must be by trigrams (pg_trgm word similarity, 0–1) for the search's trigram branch
 * (`text <% name`, catalog/search/search-matching.ts) and its copy in memory (product-index/index-search.ts).
 * 0.5 keeps unrelated names out; pg_trgm's default 0.6 is too strict for Russian endings («ботинок», «ботинки»).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * Settings every connection of the app begins with. `<%` takes its threshold from the session only, so it is set
 * once per connection here: a search had opened a transaction of its own to set it (four round trips, each
 * waiting for the event loop under load, instead of one statement), so that it would not leak to other queries.
 */
const SESSION_SETTINGS: ReadonlyArray<readonly [string, string]> = [['pg_trgm.word_similarity_threshold', String(WORD_SIMILARITY_THRESHOLD)]];

/** For a PostgreSQL connection's start-up packet (node-postgres's `options`). */
export const sessionStartupOptions = (): string => SESSION_SETTINGS.map(([name, value]) => `-c ${name}=${value}`).join(' ');

/** For PGlite, whose one connection is opened in place: statements to run once it is. */
export const sessionSetStatements = (): string => SESSION_SETTINGS.map(([name, value]) => `set ${name} = '${value}';`).join('\n');
