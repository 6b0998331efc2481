import type { Role } from '../../../shared/roles';
import type { Db } from '../client';
import { users } from '../schema';

/** The README lists these; each signs in by a code sent to the mail catcher. Names in Latin letters: see SEED_MERCHANTS. */
export const DEMO_ACCOUNTS: Array<{ email: string; name: string; role: Role; about: string }> = [
  { email: 'admin@example.com', name: 'Anna Adminova', role: 'admin', about: '' },
  { email: 'support@example.com', name: 'Sergey Pomoshchnikov', role: 'support', about: '' },
  { email: 'moderator@example.com', name: 'Maria Moderova', role: 'moderator', about: '' },
  { email: 'seller@example.com', name: 'Oleg Prodavtsov', role: 'user', about: '' },
  { email: 'buyer@example.com', name: 'Irina Pokupateleva', role: 'user', about: '' },
];

export async function seedDemoAccounts(db: Db): Promise<void> {
  await db.insert(users).values(DEMO_ACCOUNTS).onConflictDoNothing();
}
