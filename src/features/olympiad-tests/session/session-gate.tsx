import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import type { TestFormat } from '../../../../shared/api/olympiad-test-common';
import type { TestSessionState } from '../test-session-slice';
import { SignedInOnly } from '../components/signed-in-only';
import { SessionFailed } from './session-failed';
import { useAttemptSession } from './use-attempt-session';

const screenOf = (attemptId: number, format: TestFormat) => (format === 'essay' ? `/olympiad/attempts/${attemptId}/essay` : `/olympiad/attempts/${attemptId}`);

/**
 * Runs the attempt's session and shows the screen only while it is in
 * progress: loading before, the results after, the right screen for its kind.
 */
function SessionGate({ attemptId, format, children }: { attemptId: number; format: TestFormat; children(session: TestSessionState): ReactNode }) {
  const session = useAttemptSession(attemptId);
  if (!session || session.phase === 'idle' || session.phase === 'loading') return <PageLoading />;
  if (session.phase === 'failed' || !session.attempt || session.questions.length === 0) return <SessionFailed failure={session.failure} />;
  if (session.attempt.format !== format) return <Navigate to={screenOf(attemptId, session.attempt.format)} replace />;
  if (session.phase === 'finished') return <Navigate to={`/olympiad/attempts/${attemptId}/results`} replace />;
  return <>{children(session)}</>;
}

/** A signed-in screen of the attempt in the address (`/olympiad/attempts/:id…`). */
export function SessionScreen({ format, children }: { format: TestFormat; children(session: TestSessionState): ReactNode }) {
  const { id } = useParams();
  return (
    <SignedInOnly>
      <SessionGate attemptId={Number(id)} format={format}>
        {children}
      </SessionGate>
    </SignedInOnly>
  );
}
