import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { EssaySubmission } from '../../../../shared/api/olympiad-test-grading';
import { gradeSchema } from '../../../../shared/validation/olympiad-test-grading';
import { ESSAY_MAX_CHARS } from '../../../../shared/validation/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { charCount } from '../answers';
import { useEssaysQuery, useGradeEssayMutation } from '../staff-tests-api';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { FormField } from '../../../components/forms/form-field';
import { Pager } from '../components/pager';
import { StaffFrame } from './staff-frame';

type Filter = 'awaiting' | 'graded' | 'not_submitted' | 'all';

function GradeForm({ essay }: { essay: EssaySubmission }) {
  const intl = useIntl();
  const [grade] = useGradeEssayMutation();
  const initial = { points: essay.points === null ? '' : String(essay.points), comment: essay.comment ?? '' };
  const prepare = (values: typeof initial) => ({ points: values.points === '' ? undefined : Number(values.points), comment: values.comment });
  const verdicts = useServerVerdicts(validateWith(gradeSchema(essay.max_points), prepare));
  return (
    <Formik
      initialValues={initial}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          const body = prepare(values);
          await grade({ attemptId: essay.attempt_id, questionId: essay.question_id, body: { points: body.points ?? 0, comment: body.comment } }).unwrap();
          helpers.setStatus({ saved: true });
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form grade-form" data-testid={`grade-form-${essay.attempt_id}`}>
          <div className="editor-grid">
            <FormField
              idPrefix="staff"
              name="points"
              type="number"
              step="0.01"
              min={0}
              max={essay.max_points}
              label={intl.formatMessage({ id: 'olympiadTests.ui.grading.points' }, { max: essay.max_points })}
            />
          </div>
          <FormField idPrefix="staff" name="comment" label={intl.formatMessage({ id: 'olympiadTests.ui.grading.comment' })} multiline rows={3} />
          <ApiErrorText error={status && !status.saved ? status : null} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save-grade">
              {intl.formatMessage({ id: essay.graded_at ? 'olympiadTests.ui.grading.regrade' : 'olympiadTests.ui.grading.grade' })}
            </button>
            {status?.saved ? (
              <span className="form-success" role="status">
                {intl.formatMessage({ id: 'common.saved' })}
              </span>
            ) : null}
          </div>
        </Form>
      )}
    </Formik>
  );
}

/** Essays of finished attempts, waiting for a grade first; grading again replaces the grade. */
export default function StaffGradingPage() {
  const intl = useIntl();
  const [status, setStatus] = useState<Filter>('awaiting');
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useEssaysQuery({ status, page });
  return (
    <StaffFrame titleId="olympiadTests.ui.staff.grading">
      <div className="form-field narrow">
        <label htmlFor="essay-filter">{intl.formatMessage({ id: 'olympiadTests.ui.grading.show' })}</label>
        <select
          id="essay-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Filter);
            setPage(1);
          }}
        >
          {(['awaiting', 'graded', 'not_submitted', 'all'] as const).map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage({ id: `olympiadTests.ui.grading.filter.${value}` })}
            </option>
          ))}
        </select>
      </div>
      {isLoading ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {data && data.data.length === 0 ? <p className="empty-state">{intl.formatMessage({ id: 'olympiadTests.ui.grading.none' })}</p> : null}
      <ul className="essay-list">
        {(data?.data ?? []).map((essay) => (
          <li key={`${essay.attempt_id}-${essay.question_id}`} className="staff-card essay-card" data-testid={`essay-${essay.attempt_id}-${essay.question_id}`}>
            <p className="muted">
              {essay.participant.full_name} ({essay.participant.login}) · {essay.test_title} · {intl.formatMessage({ id: `olympiad.stage.${essay.stage_kind}` })} ·{' '}
              {intl.formatDate(essay.submitted_at, { dateStyle: 'medium', timeStyle: 'short' })}
            </p>
            <p className="review-question">{essay.question_text}</p>
            {essay.submitted ? (
              <>
                <blockquote className="essay-text">{essay.text}</blockquote>
                <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.essay.counter' }, { count: charCount(essay.text), max: ESSAY_MAX_CHARS })}</p>
              </>
            ) : (
              // Nothing to read or judge: it was scored 0 at the finish.
              <p className="notice" data-testid="essay-not-submitted">
                {intl.formatMessage({ id: 'olympiadTests.ui.grading.notSubmitted' })}
              </p>
            )}
            {essay.graded_at ? (
              <p className="muted">
                {intl.formatMessage(
                  { id: 'olympiadTests.ui.grading.gradedBy' },
                  { points: essay.points ?? 0, max: essay.max_points, name: essay.graded_by?.name ?? '—', date: intl.formatDate(essay.graded_at, { dateStyle: 'medium' }) },
                )}
              </p>
            ) : null}
            {essay.submitted ? <GradeForm essay={essay} /> : null}
          </li>
        ))}
      </ul>
      {data ? <Pager page={page} last={data.meta.last_page} onPage={setPage} /> : null}
    </StaffFrame>
  );
}
