import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FinalResultRow } from '../../../../shared/api/olympiad-test-results';
import { finalResultSchema } from '../../../../shared/validation/olympiad-test-grading';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';

import { useFinalResultsQuery, useRemoveFinalResultMutation, useSaveFinalResultMutation } from '../staff-tests-api';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { FormField } from '../../../components/forms/form-field';
import { Pager } from '../components/pager';
import { StaffFrame } from './staff-frame';
import { useStagesQuery } from '../../../olympiad/stages-api';

interface ResultValues {
  points: string;
  place: string;
  comment: string;
}

const prepare = (values: ResultValues) => ({
  points: values.points === '' ? undefined : Number(values.points),
  place: values.place === '' ? null : Number(values.place),
  comment: values.comment,
});

function ResultForm({ stageId, row }: { stageId: number; row: FinalResultRow }) {
  const intl = useIntl();
  const [save] = useSaveFinalResultMutation();
  const [remove, removing] = useRemoveFinalResultMutation();
  const result = row.result;
  const verdicts = useServerVerdicts(validateWith<ResultValues>(finalResultSchema, prepare));
  return (
    <Formik<ResultValues>
      initialValues={{ points: result ? String(result.points) : '', place: result?.place ? String(result.place) : '', comment: result?.comment ?? '' }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          const body = prepare(values);
          await save({ stageId, userId: row.participant.id, body: { points: body.points ?? 0, place: body.place, comment: body.comment } }).unwrap();
          helpers.setStatus({ saved: true });
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, dirty }) => (
        <Form noValidate className="final-result-form" data-testid={`final-form-${row.participant.id}`}>
          <FormField idPrefix="staff" name="points" type="number" step="0.01" min={0} label={intl.formatMessage({ id: 'olympiadTests.ui.final.points' })} />
          <FormField idPrefix="staff" name="place" type="number" min={1} label={intl.formatMessage({ id: 'olympiadTests.ui.final.place' })} />
          <FormField idPrefix="staff" name="comment" label={intl.formatMessage({ id: 'olympiadTests.ui.final.comment' })} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting}>
              {intl.formatMessage({ id: 'common.save' })}
            </button>
            {result ? (
              <button type="button" className="link-button danger-link" disabled={removing.isLoading} onClick={() => void remove({ stageId, userId: row.participant.id })}>
                {intl.formatMessage({ id: 'olympiadTests.ui.final.remove' })}
              </button>
            ) : null}
            {status?.saved && !dirty ? (
              <span className="form-success" role="status">
                {intl.formatMessage({ id: 'common.saved' })}
              </span>
            ) : null}
          </div>
          <ApiErrorText error={(status && !status.saved ? status : null) ?? removing.error} />
        </Form>
      )}
    </Formik>
  );
}

/** The in-person final: staff enter each participant's points, place and a comment. */
export default function StaffFinalResultsPage() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data: stages } = useStagesQuery();
  const final = stages?.data.find((stage) => stage.kind === 'final');
  const { data, error, isLoading } = useFinalResultsQuery({ stageId: final?.id ?? 0, search: search.trim() || undefined, page }, { skip: !final });
  return (
    <StaffFrame titleId="olympiadTests.ui.staff.final">
      <div className="form-field narrow">
        <label htmlFor="final-search">{intl.formatMessage({ id: 'olympiadTests.ui.final.search' })}</label>
        <input
          id="final-search"
          type="search"
          value={search}
          maxLength={200}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {isLoading || !stages ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {data && data.data.length === 0 ? <p className="empty-state">{intl.formatMessage({ id: 'olympiadTests.ui.final.none' })}</p> : null}
      <ul className="final-list">
        {final
          ? (data?.data ?? []).map((row) => (
              <li key={row.participant.id} className="staff-card">
                <p>
                  <strong>{row.participant.full_name}</strong> <span className="muted">({row.participant.login})</span>
                </p>
                <ResultForm key={`${row.participant.id}-${row.result ? 'entered' : 'none'}`} stageId={final.id} row={row} />
              </li>
            ))
          : null}
      </ul>
      {data ? <Pager page={page} last={data.meta.last_page} onPage={setPage} /> : null}
    </StaffFrame>
  );
}
