import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { validationFailed } from '../../lib/http-error';
import { uniqueViolation } from '../../lib/unique-violation';
import { msg } from '../../../shared/validation/message';

export interface ProfileChanges {
  name: string;
  email: string | null;
  phone: string | null;
  about: string;
}

export function profileRepository(db: Db) {
  return {
    /** Which of the given addresses already belong to someone else. */
    async takenBy(userId: number, email: string | null, phone: string | null) {
      const checks = [email ? eq(users.email, email) : undefined, phone ? eq(users.phone, phone) : undefined].filter(
        (c) => c !== undefined,
      );
      if (checks.length === 0) return { email: false, phone: false };
      const rows = await db
        .select({ email: users.email, phone: users.phone })
        .from(users)
        .where(and(ne(users.id, userId), or(...checks)));
      return {
        email: !!email && rows.some((r) => r.email === email),
        phone: !!phone && rows.some((r) => r.phone === phone),
      };
    },

    /** A parallel save that took the same address first turns into the same 422 as the check above. */
    async update(userId: number, changes: ProfileChanges): Promise<User> {
      try {
        const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
        return row;
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        const field = constraint.includes('phone') ? 'phone' : 'email';
        throw validationFailed({ [field]: [msg('auth.errors.addressTaken')] });
      }
    },
  };
}
