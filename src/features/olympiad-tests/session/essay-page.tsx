import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { Navigate, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { SignedInOnly } from '../components/signed-in-only';
import { TextQuestion } from '../questions/text-question';
import { answerGiven, finishRequested, unansweredIndexes, type TestSessionState } from '../test-session-slice';
import { FinishDialog } from './finish-dialog';
import { FinishingNotice } from './finishing-notice';
import { SaveIndicator } from './save-indicator';
import { SessionClock } from './session-clock';
import { SessionFailed } from './session-failed';
import { useAttemptSession } from './use-attempt-session';
import '../olympiad-tests.css';

/** The essay task(s) with their own deadline; the text is saved while it is written (after each pause). */
function EssayView({ session }: { session: TestSessionState }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const [confirming, setConfirming] = useState(false);
  const busy = session.phase !== 'in_progress';
  const closeDialog = useCallback(() => setConfirming(false), []);
  return (
    <div className="test-screen essay-screen" data-testid="essay-screen">
      <header className="test-header">
        <div>
          <p className="muted">{intl.formatMessage({ id: `olympiad.stage.${session.attempt!.stage_kind}` })}</p>
          <h1 className="page-title">{session.attempt!.test_title}</h1>
        </div>
        <div className="test-status">
          <SessionClock />
          <SaveIndicator />
        </div>
      </header>
      {session.questions.map((question) => {
        const textId = `essay-task-${question.id}`;
        const entry = session.answers[question.id];
        return (
          <section key={question.id} className="question-card" aria-labelledby={textId}>
            <h2 id={textId} className="question-text">
              {question.text}
            </h2>
            <TextQuestion
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
        );
      })}
      <div className="test-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => setConfirming(true)} data-testid="end-test">
          {intl.formatMessage({ id: 'olympiadTests.ui.essay.handIn' })}
        </button>
      </div>
      <FinishingNotice session={session} />
      {confirming && !busy ? (
        <FinishDialog
          unanswered={unansweredIndexes(session).map((index) => index + 1)}
          onCancel={closeDialog}
          onConfirm={() => {
            setConfirming(false);
            dispatch(finishRequested());
          }}
        />
      ) : null}
    </div>
  );
}

function EssayScreen({ attemptId }: { attemptId: number }) {
  const session = useAttemptSession(attemptId);
  if (!session || session.phase === 'idle' || session.phase === 'loading') return <PageLoading />;
  if (session.phase === 'failed') return <SessionFailed failure={session.failure} />;
  if (session.attempt?.format !== 'essay') return <Navigate to={`/olympiad/attempts/${attemptId}`} replace />;
  if (session.phase === 'finished') return <Navigate to={`/olympiad/attempts/${attemptId}/results`} replace />;
  return <EssayView session={session} />;
}

/** The essay screen (second stage): its own 45-minute deadline, a counter to 5000 characters, autosave. */
export default function EssayPage() {
  const { id } = useParams();
  return (
    <SignedInOnly>
      <EssayScreen attemptId={Number(id)} />
    </SignedInOnly>
  );
}
