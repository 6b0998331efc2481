import { useEffect } from 'react';
import { useAppSelector, useAppDispatch } from '../../../session/hooks';
import { selectSession, sessionClosed, sessionOpened, type TestSessionState } from '../test-session-slice';

/** Opens the attempt's session while the screen is shown; null until this attempt's session has begun. */
export function useAttemptSession(attemptId: number): TestSessionState | null {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const valid = Number.isInteger(attemptId) && attemptId > 0;
  useEffect(() => {
    if (!valid) return undefined;
    dispatch(sessionOpened(attemptId));
    return () => {
      dispatch(sessionClosed());
    };
  }, [dispatch, attemptId, valid]);
  return session.attemptId === attemptId ? session : null;
}
