import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../session/hooks';
import { TextQuestion } from '../questions/text-question';
import { answerGiven, type TestSessionState } from '../test-session-slice';
import { FinishConfirm } from './finish-confirm';
import { FinishingNotice } from './finishing-notice';
import { SessionScreen } from './session-gate';
import { SessionHeader } from './session-header';
import '../olympiad-tests.css';

/** The essay task(s) with their own deadline; the text is saved while it is written (after each pause). */
function EssayView({ session }: { session: TestSessionState }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const busy = session.phase !== 'in_progress';
  const closeDialog = useCallback(() => setConfirming(false), []);
  return (
    <div className="test-screen essay-screen" data-testid="essay-screen">
      <SessionHeader session={session} />
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
      <FinishConfirm session={session} open={confirming} onClose={closeDialog} />
    </div>
  );
}

/** The essay screen (second stage): its own 45-minute deadline, a counter to 5000 characters, autosave. */
export default function EssayPage() {
  return <SessionScreen format="essay">{(session) => <EssayView session={session} />}</SessionScreen>;
}
