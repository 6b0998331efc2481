/** Plain values of the statistics API (shared/api/seller-statistics.ts), for the SPA without the schemas. */

/** How many impressions one batch may carry: a page of cards and a few pages, sent every few seconds. */
export const VIEWS_BATCH_MAX = 100;
/** A browser's own random id (localStorage), so people behind one address with the same browser count apart. */
export const CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
