import { sql } from 'drizzle-orm';
import type { RatingRow } from '../../../shared/api/olympiad-rating';
import { fromHundredths } from '../../../shared/validation/olympiad-test-points';
import type { Db } from '../../db/client';
import { rawRows } from '../catalog/common/raw-rows';
import { ratingStatement, type RankedRow, type RatingFilter } from './rating-query';

/** A ranked row as the API shows it: the public name only (the login), never the e-mail, full name or birth date. */
export function toRatingRow(row: RankedRow, place = row.place): RatingRow {
  return {
    place: Number(place),
    participant: { id: Number(row.user_id), public_name: row.login, category: row.category },
    total_points: fromHundredths(Number(row.total)),
    test_points: fromHundredths(Number(row.test)),
    speed_points: fromHundredths(Number(row.speed)),
    essay_points: fromHundredths(Number(row.essay)),
    final_points: fromHundredths(Number(row.final)),
    creative_points: fromHundredths(Number(row.creative)),
    time_spent_seconds: Number(row.spent_s),
    finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  };
}

export interface RatingPage {
  rows: RankedRow[];
  total: number;
  me: RankedRow | null;
}

/** Reads the rating: each call is one statement over the results as they are now. */
export function ratingRepository(db: Db) {
  return {
    /** One page, the total and the caller's own row (wherever it is), in one statement. */
    async page(filter: RatingFilter, page: number, perPage: number, meId: number | null): Promise<RatingPage> {
      const from = (page - 1) * perPage;
      // The total rides on a row of its own when the page is past the end (an empty page still knows it).
      const rows = await rawRows<RankedRow & { in_page: boolean }>(
        db,
        sql`${ratingStatement(filter, sql`*, (position > ${from} and position <= ${from + perPage}) as in_page`)}
             where (position > ${from} and position <= ${from + perPage}) or user_id = ${meId ?? 0} or position = 1
             order by position`,
      );
      return {
        rows: rows.filter((row) => row.in_page),
        total: rows.length ? Number(rows[0].total_rows) : 0,
        me: rows.find((row) => meId !== null && Number(row.user_id) === meId) ?? null,
      };
    },

    /** The participant's own row in the overall rating, with the place in their category; null without a result. */
    async mine(userId: number): Promise<RankedRow | null> {
      const [row] = await rawRows<RankedRow>(db, sql`${ratingStatement({}, sql`*`, { categoryPlace: true })} where user_id = ${userId}`);
      return row ?? null;
    },
  };
}
