import type { User } from '../../db/schema';

/** Staff who edit the olympiad's pages and stages. */
export const OLYMPIAD_EDITORS = ['admin', 'moderator'] as const;

export const isOlympiadEditor = (user: User | null) => !!user && (OLYMPIAD_EDITORS as readonly string[]).includes(user.role);
