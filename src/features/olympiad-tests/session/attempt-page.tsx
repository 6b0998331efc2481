import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../session/hooks';
import { isAnswered } from '../answers';
import { QuestionInput } from '../questions/question-input';
import { answerGiven, nextIndex, questionOpened, type TestSessionState } from '../test-session-slice';
import { FinishConfirm } from './finish-confirm';
import { FinishingNotice } from './finishing-notice';
import { QuestionNav } from './question-nav';
import { SessionScreen } from './session-gate';
import { SessionHeader } from './session-header';
import '../olympiad-tests.css';

/** What a participant is asked to do with each type, under the question. */
const HINTS: Record<string, string> = {
  single_choice: 'olympiadTests.ui.hint.single',
  multiple_choice: 'olympiadTests.ui.hint.multiple',
  ordering: 'olympiadTests.ui.hint.ordering',
  matching: 'olympiadTests.ui.hint.matching',
  closed_text: 'olympiadTests.ui.hint.closed',
  open_text: 'olympiadTests.ui.hint.open',
  essay: 'olympiadTests.ui.hint.essay',
};

function QuizView({ session }: { session: TestSessionState }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(session.current);
  const question = session.questions[session.current];
  const entry = session.answers[question.id];
  const busy = session.phase !== 'in_progress';
  const answered = isAnswered(question, entry?.answer);
  const textId = `question-text-${question.id}`;

  const current = session.current;
  // A new question is read out from its start, as a page would be.
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    heading.current?.focus();
  }, [current]);

  const closeDialog = useCallback(() => setConfirming(false), []);
  const next = () => {
    const to = nextIndex(session);
    if (to === null) setConfirming(true);
    else dispatch(questionOpened(to));
  };

  return (
    <div className="test-screen" data-testid="test-screen">
      <SessionHeader session={session} />
      <QuestionNav disabled={busy} />
      <section className="question-card" aria-labelledby={textId} data-testid="question" data-question-type={question.type}>
        <p className="question-count">
          {intl.formatMessage({ id: 'olympiadTests.ui.questionOf' }, { number: session.current + 1, count: session.questions.length })}
          <span className="muted"> · {intl.formatMessage({ id: 'olympiadTests.ui.points' }, { points: question.max_points })}</span>
        </p>
        <h2 id={textId} className="question-text" ref={heading} tabIndex={-1}>
          {question.type === 'closed_text' ? intl.formatMessage({ id: 'olympiadTests.ui.closedTitle' }) : question.text}
        </h2>
        <p className="muted question-hint">{intl.formatMessage({ id: HINTS[question.type] })}</p>
        <QuestionInput
          key={question.id}
          question={question}
          answer={entry?.answer ?? null}
          onAnswer={(answer, settleMs) => dispatch(answerGiven({ questionId: question.id, answer, settleMs }))}
          disabled={busy}
          labelledBy={textId}
        />
        {entry?.error ? (
          <p className="form-error" role="alert">
            {entry.error}
          </p>
        ) : null}
      </section>
      <div className="test-actions">
        <button type="button" className="button" disabled={busy || session.current === 0} onClick={() => dispatch(questionOpened(session.current - 1))} data-testid="previous-question">
          {intl.formatMessage({ id: 'olympiadTests.ui.previous' })}
        </button>
        {answered ? (
          <button type="button" className="button button-primary" disabled={busy} onClick={next} data-testid="next-question">
            {intl.formatMessage({ id: 'olympiadTests.ui.next' })}
          </button>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={next} data-testid="skip-question">
            {intl.formatMessage({ id: 'olympiadTests.ui.skip' })}
          </button>
        )}
        <button type="button" className="button button-end" disabled={busy} onClick={() => setConfirming(true)} data-testid="end-test">
          {intl.formatMessage({ id: 'olympiadTests.ui.end' })}
        </button>
      </div>
      <FinishingNotice session={session} />
      <FinishConfirm session={session} open={confirming} onClose={closeDialog} />
    </div>
  );
}

/** The test screen: one question at a time, the server's clock, every answer saved as it is given. */
export default function AttemptPage() {
  return <SessionScreen format="quiz">{(session) => <QuizView session={session} />}</SessionScreen>;
}
