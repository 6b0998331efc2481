import { StaffShell } from '../../../staff/staff-shell';
import { ModerationQueue } from './moderation-queue';

/** `/admin/works`: the same queue as /olympiad/staff/works, inside the admin area's shell (section "works"). */
export default function AdminWorksPage() {
  return (
    <StaffShell section="works">
      <ModerationQueue />
    </StaffShell>
  );
}
