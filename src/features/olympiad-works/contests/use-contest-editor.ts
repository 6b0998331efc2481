import { useAppSelector } from '../../../session/hooks';
import { OLYMPIAD_EDITORS } from '../../../../shared/roles';
import { useProfileQuery } from '../../../session/profile-api';
import { hasRole } from '../../../session/role-only';
import { selectToken } from '../../../session/session-slice';

/** Whether the person may create and edit contests (staff who edit the olympiad); the API checks it too. */
export function useMayEditContests(): boolean {
  const token = useAppSelector(selectToken);
  const { data: user } = useProfileQuery(undefined, { skip: !token });
  return hasRole(user, OLYMPIAD_EDITORS);
}
