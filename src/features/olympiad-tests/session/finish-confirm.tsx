import { useAppDispatch } from '../../../session/hooks';
import { finishRequested, unansweredIndexes, type TestSessionState } from '../test-session-slice';
import { FinishDialog } from './finish-dialog';

/** The "end the test?" question while the participant may still answer; yes hands the end to the saga. */
export function FinishConfirm({ session, open, onClose }: { session: TestSessionState; open: boolean; onClose(): void }) {
  const dispatch = useAppDispatch();
  if (!open || session.phase !== 'in_progress') return null;
  return (
    <FinishDialog
      unanswered={unansweredIndexes(session).map((index) => index + 1)}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        dispatch(finishRequested());
      }}
    />
  );
}
