import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  authTokens,
  olympiadEmailVerifications,
  olympiadParticipants,
  olympiadPasswordResets,
  users,
  type NewOlympiadParticipant,
  type OlympiadParticipant,
  type User,
} from '../../db/schema';

export interface ParticipantAccount {
  participant: OlympiadParticipant;
  user: User;
}

/** The account data a participant keeps; the e-mail and name live on the user. */
export type ParticipantFields = Omit<NewOlympiadParticipant, 'userId' | 'createdAt' | 'updatedAt'>;

export interface Taken {
  login: boolean;
  email: boolean;
}

/** Postgres' unique-violation code and the constraint it names, from either driver's error. */
export function uniqueViolation(error: unknown): string | null {
  const found = [error, (error as { cause?: unknown })?.cause].find((e) => (e as { code?: string })?.code === '23505') as
    | { constraint?: string; constraint_name?: string; detail?: string; message?: string }
    | undefined;
  if (!found) return null;
  return found.constraint ?? found.constraint_name ?? found.detail ?? found.message ?? '';
}

export function participantsRepository(db: Db) {
  const selectAccount = () =>
    db.select({ participant: olympiadParticipants, user: users }).from(olympiadParticipants).innerJoin(users, eq(users.id, olympiadParticipants.userId));

  return {
    async byUserId(userId: number): Promise<ParticipantAccount | null> {
      const [row] = await selectAccount().where(eq(olympiadParticipants.userId, userId)).limit(1);
      return row ?? null;
    },

    /** Sign-in accepts the login (any case) or the e-mail. */
    async byLoginOrEmail(identifier: string): Promise<ParticipantAccount | null> {
      const condition = identifier.includes('@')
        ? eq(users.email, identifier.toLowerCase())
        : sql`lower(${olympiadParticipants.login}) = ${identifier.toLowerCase()}`;
      const [row] = await selectAccount().where(condition).limit(1);
      return row ?? null;
    },

    async byEmail(email: string): Promise<ParticipantAccount | null> {
      const [row] = await selectAccount().where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    /** Whether another account already uses the login (any case) or the e-mail. */
    async taken(login: string | null, email: string | null, exceptUserId: number | null): Promise<Taken> {
      const result: Taken = { login: false, email: false };
      if (login) {
        const conditions = [sql`lower(${olympiadParticipants.login}) = ${login.toLowerCase()}`];
        if (exceptUserId) conditions.push(ne(olympiadParticipants.userId, exceptUserId));
        const rows = await db.select({ id: olympiadParticipants.userId }).from(olympiadParticipants).where(and(...conditions)).limit(1);
        result.login = rows.length > 0;
      }
      if (email) {
        const conditions = [eq(users.email, email)];
        if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
        const rows = await db.select({ id: users.id }).from(users).where(and(...conditions)).limit(1);
        result.email = rows.length > 0;
      }
      return result;
    },

    /**
     * A new account, or — for a signed-in marketplace user — the participant
     * part of their existing one (the e-mail of the registration becomes theirs).
     */
    async create(input: { email: string; fields: ParticipantFields; existingUserId: number | null; locale: string }): Promise<ParticipantAccount> {
      return db.transaction(async (tx) => {
        let user: User;
        if (input.existingUserId) {
          [user] = await tx
            .update(users)
            .set({ email: input.email, name: sql`case when ${users.name} = '' then ${input.fields.fullName} else ${users.name} end` })
            .where(eq(users.id, input.existingUserId))
            .returning();
        } else {
          [user] = await tx.insert(users).values({ email: input.email, name: input.fields.fullName, locale: input.locale }).returning();
        }
        const [participant] = await tx
          .insert(olympiadParticipants)
          .values({ ...input.fields, userId: user.id })
          .returning();
        return { participant, user };
      });
    },

    async update(userId: number, fields: Partial<ParticipantFields>, email?: string): Promise<ParticipantAccount> {
      return db.transaction(async (tx) => {
        const [participant] = await tx.update(olympiadParticipants).set(fields).where(eq(olympiadParticipants.userId, userId)).returning();
        const userChanges: Partial<User> = {};
        if (email !== undefined) userChanges.email = email;
        if (fields.fullName) userChanges.name = fields.fullName;
        const [user] = Object.keys(userChanges).length
          ? await tx.update(users).set(userChanges).where(eq(users.id, userId)).returning()
          : await tx.select().from(users).where(eq(users.id, userId));
        return { participant, user };
      });
    },

    /** A new password ends every recovery link still out there. */
    async setPassword(userId: number, passwordHash: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(olympiadParticipants)
          .set({ passwordHash, passwordChangedAt: now, failedLogins: 0, failedLoginsSince: null })
          .where(eq(olympiadParticipants.userId, userId));
        await tx
          .update(olympiadPasswordResets)
          .set({ consumedAt: now })
          .where(and(eq(olympiadPasswordResets.userId, userId), sql`${olympiadPasswordResets.consumedAt} is null`));
      });
    },

    /**
     * Account deletion: the participant's personal data and links go, the
     * user row stays only as an anonymous shell (other domains may point at
     * it), and every session ends. Returns the number of sessions ended.
     */
    async deleteAccount(userId: number, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.delete(olympiadEmailVerifications).where(eq(olympiadEmailVerifications.userId, userId));
        await tx.delete(olympiadPasswordResets).where(eq(olympiadPasswordResets.userId, userId));
        await tx.delete(olympiadParticipants).where(eq(olympiadParticipants.userId, userId));
        await tx.update(users).set({ email: null, phone: null, name: '', about: '', image: null }).where(eq(users.id, userId));
        const revoked = await tx
          .update(authTokens)
          .set({ revokedAt: now })
          .where(and(eq(authTokens.userId, userId), sql`${authTokens.revokedAt} is null`))
          .returning({ id: authTokens.id });
        return revoked.length;
      });
    },
  };
}

export type ParticipantsRepository = ReturnType<typeof participantsRepository>;
