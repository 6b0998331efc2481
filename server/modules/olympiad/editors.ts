import type { User } from '../../db/schema';

import { OLYMPIAD_EDITORS } from '../../../shared/roles';

export { OLYMPIAD_EDITORS };

export const isOlympiadEditor = (user: User | null) => !!user && OLYMPIAD_EDITORS.includes(user.role);
