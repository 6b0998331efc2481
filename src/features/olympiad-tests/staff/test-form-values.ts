import type { TestFormat } from '../../../../shared/api/olympiad-test-common';
import type { StaffTestResource, TestBody } from '../../../../shared/api/olympiad-tests';

type LimitMode = 'stage' | 'none' | 'custom';

/** The test editor's values; limits are "the stage's rule", "none" or a number. */
export interface TestFormValues {
  stage_id: string;
  format: TestFormat;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  attempts_mode: LimitMode;
  attempts_allowed: string;
  time_mode: LimitMode;
  time_limit_minutes: string;
  /** Empty: every question of the pool in each attempt. */
  question_count: string;
  categories: string[];
  question_ids: number[];
  opens_at: string;
  closes_at: string;
  published: boolean;
}

/** `datetime-local` speaks the device's local time without a zone; ISO goes to the API. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export function testFormValues(test?: StaffTestResource, stageId?: number): TestFormValues {
  const mode = (value: number | null | undefined): LimitMode => (value === undefined ? 'stage' : value === null ? 'none' : 'custom');
  return {
    stage_id: String(test?.stage_id ?? stageId ?? ''),
    format: test?.format ?? 'quiz',
    title: test?.title ?? '',
    title_en: test?.title_en ?? '',
    description: test?.description ?? '',
    description_en: test?.description_en ?? '',
    attempts_mode: mode(test ? test.attempts_allowed : undefined),
    attempts_allowed: test?.attempts_allowed ? String(test.attempts_allowed) : '',
    time_mode: mode(test ? test.time_limit_minutes : undefined),
    time_limit_minutes: test?.time_limit_minutes ? String(test.time_limit_minutes) : '',
    question_count: test?.question_count ? String(test.question_count) : '',
    categories: test?.categories ?? [],
    question_ids: test?.question_ids ?? [],
    opens_at: toLocalInput(test?.opens_at ?? null),
    closes_at: toLocalInput(test?.closes_at ?? null),
    published: test?.published ?? false,
  };
}

const limit = (mode: LimitMode, value: string) => (mode === 'stage' ? undefined : mode === 'none' ? null : value === '' ? Number.NaN : Number(value));
const orNull = (value: string) => (value.trim() ? value : null);

export function testBody(values: TestFormValues): TestBody {
  return {
    stage_id: Number(values.stage_id),
    format: values.format,
    title: values.title,
    title_en: orNull(values.title_en),
    description: values.description,
    description_en: orNull(values.description_en),
    attempts_allowed: limit(values.attempts_mode, values.attempts_allowed),
    time_limit_minutes: limit(values.time_mode, values.time_limit_minutes),
    question_count: values.question_count === '' ? null : Number(values.question_count),
    categories: values.categories,
    question_ids: values.question_ids,
    opens_at: fromLocalInput(values.opens_at),
    closes_at: fromLocalInput(values.closes_at),
    published: values.published,
  };
}

/** The test as it stands, with one change (questions added or removed), for a PUT. */
export function bodyOf(test: StaffTestResource, change: Partial<TestBody> = {}): TestBody {
  return {
    stage_id: test.stage_id,
    format: test.format,
    title: test.title,
    title_en: test.title_en,
    description: test.description,
    description_en: test.description_en,
    attempts_allowed: test.attempts_allowed,
    time_limit_minutes: test.time_limit_minutes,
    question_count: test.question_count,
    categories: test.categories,
    question_ids: test.question_ids,
    opens_at: test.opens_at,
    closes_at: test.closes_at,
    published: test.published,
    ...change,
  };
}
