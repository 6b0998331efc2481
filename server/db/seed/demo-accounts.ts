import type { Role } from '../../../shared/roles';
import type { Db } from '../client';
import { users } from '../schema';

/** The README lists these; each signs in by a code sent to the mail catcher. */
export const DEMO_ACCOUNTS: Array<{ email: string; name: string; role: Role; about: string }> = [
  { email: 'admin@example.com', name: 'Анна Админова', role: 'admin', about: 'Администратор площадки' },
  { email: 'support@example.com', name: 'Сергей Помощников', role: 'support', about: 'Служба поддержки' },
  { email: 'moderator@example.com', name: 'Мария Модерова', role: 'moderator', about: 'Модератор работ и объявлений' },
  { email: 'seller@example.com', name: 'Олег Продавцов', role: 'user', about: 'Продаю свежие овощи и фермерские продукты' },
  { email: 'buyer@example.com', name: 'Ирина Покупателева', role: 'user', about: '' },
];

export async function seedDemoAccounts(db: Db): Promise<void> {
  await db.insert(users).values(DEMO_ACCOUNTS).onConflictDoNothing();
}
