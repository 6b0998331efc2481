import { OLYMPIAD_EDITORS } from '../../../../shared/roles';
import { RoleOnly } from '../../../session/role-only';
import { SignedInOnly } from '../components/signed-in-only';
import { WorksFrame } from '../components/works-frame';
import { ModerationQueue } from './moderation-queue';

/** The moderation queue (roles moderator and admin): overdue first, then oldest; each work decided within 24 hours. */
export default function ModerationPage() {
  return (
    <SignedInOnly>
      <RoleOnly roles={OLYMPIAD_EDITORS} otherwise="/olympiad">
        <WorksFrame>
          <ModerationQueue />
        </WorksFrame>
      </RoleOnly>
    </SignedInOnly>
  );
}
