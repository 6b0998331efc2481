import { selectSession, sessionOpened } from '../test-session-slice';

interface SessionStore {
  dispatch: (action: ReturnType<typeof sessionOpened>) => unknown;
  getState: () => Parameters<typeof selectSession>[0];
  subscribe: (listener: () => void) => () => void;
}

/**
 * Opens the attempt's session before the app first draws, and resolves once it has loaded (or
 * failed, or given way to another). The page came with the attempt (a signed-in first read), so the
 * load settles within microtasks and the first drawing already shows the question; without this the
 * screen drew a loading page first and the question one drawing later. The screen's own opening, as
 * it mounts, then finds the session running (src/sagas/test-session.saga.ts).
 */
export function openSessionEarly(store: SessionStore, attemptId: number): Promise<void> {
  store.dispatch(sessionOpened(attemptId));
  const settled = () => {
    const session = selectSession(store.getState());
    return session.attemptId !== attemptId || (session.phase !== 'idle' && session.phase !== 'loading');
  };
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}
