import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { QuestionResource } from '../../../../shared/api/olympiad-test-bank';
import type { StaffTestResource } from '../../../../shared/api/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';

import { splitSeconds } from '../../../olympiad/format-duration';
import { Pager } from '../components/pager';
import { TableHead } from '../../../olympiad/table-head';
import {
  useDeleteQuestionMutation,
  useDeleteTestMutation,
  useQuestionsQuery,
  useStaffTestQuery,
  useTestAttemptsQuery,
  useUpdateTestMutation,
} from '../staff-tests-api';
import { QuestionEditor } from './question-editor';
import { inLanguage } from './in-language';
import { StaffFrame } from './staff-frame';
import { TestForm } from './test-form';
import { bodyOf } from './test-form-values';
import { useStagesQuery } from '../../../olympiad/stages-api';
import { TableScroll } from '../../../components/table-scroll';

type Editing = { kind: 'new' } | { kind: 'edit'; question: QuestionResource } | null;

/** The test's own questions: add new ones of any type, edit, take out of the test, delete from the bank. */
function TestQuestions({ test }: { test: StaffTestResource }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<Editing>(null);
  const [search, setSearch] = useState('');
  const { data, error } = useQuestionsQuery({ test_id: test.id, per_page: 100 });
  const bank = useQuestionsQuery({ search, per_page: 20 }, { skip: search.trim().length < 2 });
  const [updateTest, updating] = useUpdateTestMutation();
  const [deleteQuestion] = useDeleteQuestionMutation();
  const listed = new Set(test.question_ids);
  // One change at a time (the buttons wait), each on the test as the server last returned it.
  const setIds = (ids: number[]) => updateTest({ id: test.id, body: bodyOf(test, { question_ids: ids }) });

  return (
    <section className="staff-card" data-testid="test-questions">
      <h2>{intl.formatMessage({ id: 'olympiadTests.ui.staff.questions' }, { count: test.question_ids.length, pool: test.pool_size })}</h2>
      <ApiErrorText error={error ?? updating.error} />
      <ol className="staff-questions">
        {(data?.data ?? []).map((question) => (
          <li key={question.id} className="staff-question" data-testid={`staff-question-${question.id}`}>
            {editing?.kind === 'edit' && editing.question.id === question.id ? (
              <QuestionEditor question={question} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <p>
                  <span className="badge">{intl.formatMessage({ id: `olympiadTests.ui.type.${question.type}` })}</span>{' '}
                  <strong>{question.name || inLanguage(intl.locale, question.text, question.text_en).slice(0, 120)}</strong>
                </p>
                {question.name ? <p className="muted">{inLanguage(intl.locale, question.text, question.text_en).slice(0, 200)}</p> : null}
                <p className="muted">
                  {intl.formatMessage({ id: 'olympiadTests.ui.points' }, { points: question.max_points })}
                  {question.category ? ` · ${question.category}` : ''}
                  {question.source ? ` · ${question.source}` : ''}
                </p>
                <div className="form-actions">
                  <button type="button" className="link-button" onClick={() => setEditing({ kind: 'edit', question })}>
                    {intl.formatMessage({ id: 'olympiadTests.ui.editor.edit' })}
                  </button>
                  {listed.has(question.id) ? (
                    <button type="button" className="link-button" disabled={updating.isLoading} onClick={() => setIds(test.question_ids.filter((id) => id !== question.id))}>
                      {intl.formatMessage({ id: 'olympiadTests.ui.editor.takeOut' })}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="link-button danger-link"
                    onClick={() => {
                      if (window.confirm(intl.formatMessage({ id: 'olympiadTests.ui.editor.deleteConfirm' }))) void deleteQuestion(question.id);
                    }}
                  >
                    {intl.formatMessage({ id: 'olympiadTests.ui.editor.delete' })}
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ol>
      {editing?.kind === 'new' ? (
        <QuestionEditor
          defaultCategory={test.categories[0]}
          onSaved={(question) => {
            setEditing(null);
            void setIds([...test.question_ids, question.id]);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'new' })} data-testid="new-question">
          {intl.formatMessage({ id: 'olympiadTests.ui.editor.newQuestion' })}
        </button>
      )}
      <div className="bank-search">
        <label htmlFor="bank-search">{intl.formatMessage({ id: 'olympiadTests.ui.editor.fromBank' })}</label>
        <input id="bank-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} maxLength={200} />
        <ul className="bank-results">
          {(bank.data?.data ?? []).map((question) => (
            <li key={question.id}>
              <span className="badge">{intl.formatMessage({ id: `olympiadTests.ui.type.${question.type}` })}</span>{' '}
              {question.name || inLanguage(intl.locale, question.text, question.text_en).slice(0, 120)}{' '}
              {listed.has(question.id) ? (
                <span className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.editor.inTest' })}</span>
              ) : (
                <button type="button" className="link-button" disabled={updating.isLoading} onClick={() => setIds([...test.question_ids, question.id])}>
                  {intl.formatMessage({ id: 'olympiadTests.ui.editor.addToTest' })}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TestAttempts({ testId }: { testId: number }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const { data } = useTestAttemptsQuery({ id: testId, page });
  if (!data || data.data.length === 0) return null;
  return (
    <section className="staff-card">
      <h2>{intl.formatMessage({ id: 'olympiadTests.ui.staff.attempts' }, { count: data.meta.total })}</h2>
      <TableScroll>
        <table className="stats-table">
          <TableHead columns={['participant', 'number', 'state', 'points', 'time', 'speed']} prefix="olympiadTests.ui.staff.column" />
          <tbody>
            {data.data.map((attempt) => (
              <tr key={attempt.id}>
                <th scope="row">
                  {attempt.participant.full_name} <span className="muted">({attempt.participant.login})</span>
                </th>
                <td>{attempt.number}</td>
                <td>{intl.formatMessage({ id: `olympiadTests.ui.status.${attempt.status}` })}</td>
                <td>{attempt.result ? intl.formatMessage({ id: 'olympiadTests.ui.results.pointsValue' }, { points: attempt.result.points, max: attempt.result.max_points }) : '—'}</td>
                <td>{attempt.result ? intl.formatMessage({ id: 'olympiadTests.ui.duration' }, splitSeconds(attempt.result.time_spent_seconds)) : '—'}</td>
                <td>{attempt.result ? attempt.result.speed_points : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Pager page={page} last={data.meta.last_page} onPage={setPage} />
    </section>
  );
}

/** One test for staff: its settings, its questions, and who has taken it. */
export default function StaffTestPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { id } = useParams();
  const testId = Number(id);
  const { data: test, error, isLoading } = useStaffTestQuery(testId, { skip: !(testId > 0) });
  const { data: stages } = useStagesQuery();
  const [remove, removing] = useDeleteTestMutation();
  return (
    <StaffFrame titleId="olympiadTests.ui.staff.testTitle" titleValues={{ title: test ? inLanguage(intl.locale, test.title, test.title_en) : '' }}>
      {isLoading || !stages ? <PageLoading /> : null}
      <ApiErrorText error={error ?? removing.error} />
      {test && stages ? (
        <>
          <section className="staff-card">
            <TestForm key={test.id} stages={stages.data} test={test} onSaved={() => undefined} />
            {test.attempts_count === 0 ? (
              <button
                type="button"
                className="link-button danger-link"
                onClick={() => {
                  if (!window.confirm(intl.formatMessage({ id: 'olympiadTests.ui.staff.deleteTestConfirm' }))) return;
                  remove(test.id)
                    .unwrap()
                    .then(() => navigate('/olympiad/staff/tests'))
                    // The refusal shows above, from the mutation's state.
                    .catch(() => undefined);
                }}
              >
                {intl.formatMessage({ id: 'olympiadTests.ui.staff.deleteTest' })}
              </button>
            ) : null}
          </section>
          <TestQuestions test={test} />
          <TestAttempts testId={test.id} />
        </>
      ) : null}
    </StaffFrame>
  );
}
