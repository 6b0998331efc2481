import { sql, type SQL } from 'drizzle-orm';
import type { Category, StageKind } from '../../../shared/validation/olympiad-options';

export interface RatingFilter {
  category?: Category;
  stage?: StageKind;
}

/** A ranked row as the statement returns it: points in hundredths, sums cast to int. */
export interface RankedRow {
  user_id: number;
  login: string;
  category: Category;
  place: number;
  /** Null unless asked for (see ratingStatement). */
  category_place: number | null;
  position: number;
  total_rows: number;
  total: number;
  test: number;
  essay: number;
  speed: number;
  final: number;
  creative: number;
  spent_s: number;
  finished_at: string | Date | null;
}

/**
 * The whole rating as one statement, computed from the results as they are
 * now (issue 15 §6: no stored rating to go stale):
 * - per participant and test, the counting attempt: the best finished one
 *   (training allows many; a timed test has only one), by points, speed points,
 *   less time, the earlier finish; its essay points (staff's grades) apart from
 *   the test points;
 * - the final's points staff entered; creative points: the scores of approved
 *   works (with a stage filter, only contests that name that stage);
 * - places by the published rule: total, then speed points, then less time
 *   (whole seconds, as shown), then the earlier finish (the last finish among
 *   the counting attempts: when the result was complete; one made only of
 *   staff-entered points has none and goes after); rows equal on all four
 *   share a place and the next place is skipped ("1, 2, 2, 4", rank()).
 * `position` is the row's order for paging (ties by login, so pages never
 * overlap); `category_place` (the place among the row's own category) is
 * computed only when asked, as it costs a sort of its own. Returns what
 * `select` picks from the ranked rows.
 */
export function ratingStatement(filter: RatingFilter, pick: SQL, { categoryPlace = false } = {}): SQL {
  // Without a stage filter the stages are not joined at all: every finished attempt and final result counts.
  const stage = filter.stage ? sql`and s.kind = ${filter.stage}` : sql``;
  const attemptStage = filter.stage
    ? sql`join olympiad_tests t on t.id = a.test_id join olympiad_stages s on s.id = t.stage_id`
    : sql``;
  const finalStage = filter.stage ? sql`join olympiad_stages s on s.id = f.stage_id` : sql``;
  const contestStage = filter.stage ? sql`and ${filter.stage} = any(k.stage_kinds)` : sql``;
  const category = filter.category ? sql`where p.category = ${filter.category}` : sql``;
  return sql`
    with counted as (
      select distinct on (a.user_id, a.test_id)
             a.id, a.user_id, a.points_hundredths, a.speed_hundredths, a.time_spent_ms, a.finished_at
        from olympiad_attempts a ${attemptStage}
       where a.finished_at is not null ${stage}
       order by a.user_id, a.test_id, a.points_hundredths desc, a.speed_hundredths desc, a.time_spent_ms asc, a.finished_at asc, a.id
    ),
    -- Every graded essay by attempt: few rows, read from the partial index of migration 0021 alone.
    essays as (
      select q.attempt_id, sum(q.points_hundredths)::int as points
        from olympiad_attempt_questions q
       where q.snapshot->>'type' = 'essay' and q.points_hundredths is not null
       group by q.attempt_id
    ),
    parts as (
      select c.user_id, c.points_hundredths - coalesce(e.points, 0) as test, coalesce(e.points, 0) as essay,
             c.speed_hundredths as speed, 0 as final, 0 as creative, c.time_spent_ms::float8 as spent_ms, c.finished_at
        from counted c left join essays e on e.attempt_id = c.id
      union all
      select f.user_id, 0, 0, 0, f.points_hundredths, 0, 0, null
        from olympiad_final_results f ${finalStage}
       where true ${stage}
      union all
      select w.participant_id, 0, 0, 0, 0, round(w.score * 100)::int, 0, null
        from creative_works w join creative_contests k on k.id = w.contest_id
       where w.status = 'approved' and w.score is not null ${contestStage}
    ),
    -- Integer sums per participant first (narrow rows hash quickly), then the names.
    totals as (
      select user_id, sum(test)::int as test, sum(essay)::int as essay, sum(speed)::int as speed, sum(final)::int as final,
             sum(creative)::int as creative, floor(sum(spent_ms) / 1000)::int as spent_s, max(finished_at) as finished_at
        from parts
       group by user_id
    ),
    results as (
      select t.*, (t.test + t.essay + t.speed + t.final + t.creative) as total, p.login, p.category
        from totals t join olympiad_participants p on p.user_id = t.user_id
        ${category}
    ),
    ranked as (
      select results.*,
             rank() over (order by total desc, speed desc, spent_s asc, finished_at asc nulls last)::int as place,
             ${categoryPlace ? sql`rank() over (partition by category order by total desc, speed desc, spent_s asc, finished_at asc nulls last)::int` : sql`null::int`} as category_place,
             row_number() over (order by total desc, speed desc, spent_s asc, finished_at asc nulls last, lower(login), user_id)::int as position,
             count(*) over ()::int as total_rows
        from results
    )
    select ${pick} from ranked`;
}
