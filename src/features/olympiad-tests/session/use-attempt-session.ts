import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectSession, sessionClosed, sessionOpened, type TestSessionState } from '../test-session-slice';

/** Opens the attempt's session while the screen is shown; null until this attempt's session has begun. */
export function useAttemptSession(attemptId: number): TestSessionState | null {
  const dispatch = useDispatch();
  const session = useSelector(selectSession);
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
