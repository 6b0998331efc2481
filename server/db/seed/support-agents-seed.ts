import type { Role } from '../../../shared/roles';
import type { Db } from '../client';
import { users } from '../schema';

/**
 * A second support agent for the demo (and the console's two-agent e2e test):
 * one agent alone cannot show assignment, "viewing" and "typing" between agents.
 * Signs in by a code sent to the mail catcher, like the demo accounts.
 */
export const SUPPORT_AGENTS: Array<{ email: string; name: string; role: Role; about: string }> = [
  { email: 'support2@example.com', name: 'Olga Otvetova', role: 'support', about: '' },
];

export async function seedSupportAgents(db: Db): Promise<void> {
  await db.insert(users).values(SUPPORT_AGENTS).onConflictDoNothing();
}
