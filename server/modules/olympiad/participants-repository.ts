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

    /**
     * Whether another account uses the login (any case). Logins are public names and must
     * be unique; e-mails are never looked up here (registration does not tell who has an
     * account: the address waits for proof, see address-ownership.ts).
     */
    async loginTaken(login: string, exceptUserId: number | null): Promise<boolean> {
      const conditions = [sql`lower(${olympiadParticipants.login}) = ${login.toLowerCase()}`];
      if (exceptUserId) conditions.push(ne(olympiadParticipants.userId, exceptUserId));
      const rows = await db.select({ id: olympiadParticipants.userId }).from(olympiadParticipants).where(and(...conditions)).limit(1);
      return rows.length > 0;
    },

    /**
     * A new account whose e-mail waits for its letter, or — for a signed-in marketplace
     * user registering with their own proven e-mail — the participant part of that
     * account, verified at once.
     */
    async create(input: { email: string; fields: ParticipantFields; existingUserId: number | null; locale: string }): Promise<ParticipantAccount> {
      return db.transaction(async (tx) => {
        let user: User;
        if (input.existingUserId) {
          [user] = await tx
            .update(users)
            .set({ name: sql`case when ${users.name} = '' then ${input.fields.fullName} else ${users.name} end` })
            .where(eq(users.id, input.existingUserId))
            .returning();
        } else {
          [user] = await tx.insert(users).values({ pendingEmail: input.email, name: input.fields.fullName, locale: input.locale }).returning();
        }
        const [participant] = await tx
          .insert(olympiadParticipants)
          .values({ ...input.fields, userId: user.id })
          .returning();
        return { participant, user };
      });
    },

    /** `pendingEmail`: the address now waiting for proof (null withdraws a waiting one), undefined leaves it. */
    async update(userId: number, fields: Partial<ParticipantFields>, pendingEmail?: string | null): Promise<ParticipantAccount> {
      return db.transaction(async (tx) => {
        const [participant] = await tx.update(olympiadParticipants).set(fields).where(eq(olympiadParticipants.userId, userId)).returning();
        const userChanges: Partial<User> = {};
        if (pendingEmail !== undefined) userChanges.pendingEmail = pendingEmail;
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
          .set({ passwordHash, passwordChangedAt: now })
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
        await tx
          .update(users)
          .set({ email: null, phone: null, pendingEmail: null, pendingPhone: null, name: '', about: '', image: null })
          .where(eq(users.id, userId));
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
