import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { creativeContests, creativeWorks, olympiadParticipants, users } from '../../../server/db/schema';
import { tokensRepository } from '../../../server/modules/auth/tokens-repository';
import type { Category } from '../../../shared/validation/olympiad-options';
import type { WorkStatus } from '../../../shared/validation/olympiad-works-rules';

/**
 * Creative works straight in the database, for tests of what reads them (the gallery, likes):
 * uploads and moderation have tests of their own. Works here have no image (`image_id` null).
 */

let unique = 0;
const next = () => `${process.pid}x${++unique}`;

export async function createContest(db: Db, title = 'Рисунок', titleEn = 'Drawing'): Promise<number> {
  const now = Date.now();
  const [row] = await db
    .insert(creativeContests)
    .values({
      titleRu: `${title} ${next()}`,
      titleEn: `${titleEn} ${next()}`,
      descriptionRu: 'Правила',
      descriptionEn: 'Rules',
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 86_400_000),
    })
    .returning({ id: creativeContests.id });
  return row.id;
}

export interface FixtureParticipant {
  userId: number;
  token: string;
  login: string;
  email: string;
  fullName: string;
  birthDate: string;
}

/**
 * A participant with a confirmed e-mail and a bearer token. `ageMinutes` sets how old the olympiad
 * account is (an hour by default, past the likes' new-account limit).
 */
export async function createParticipant(db: Db, options: { category?: Category; ageMinutes?: number; verified?: boolean } = {}): Promise<FixtureParticipant> {
  const n = next();
  const login = `artist${n.replace('x', '_')}`;
  const email = `artist${n}@example.com`;
  const fullName = `Анна Художникова ${n}`;
  const birthDate = '2011-03-14';
  const createdAt = new Date(Date.now() - (options.ageMinutes ?? 60) * 60_000);
  const verified = options.verified ?? true;
  const [user] = await db
    .insert(users)
    .values({ email: verified ? email : null, pendingEmail: verified ? null : email, name: fullName, createdAt })
    .returning({ id: users.id });
  await db.insert(olympiadParticipants).values({
    userId: user.id,
    login,
    passwordHash: 'fixture',
    fullName,
    birthDate,
    sex: 'female',
    country: 'Россия',
    city: 'Казань',
    school: 'Лицей № 131',
    referralSource: 'school',
    category: options.category ?? 'middle',
    agreementAcceptedAt: createdAt,
    emailVerifiedAt: verified ? createdAt : null,
    verifiedEmail: verified ? email : null,
    createdAt,
  });
  const { token } = await tokensRepository(db).issue(user.id, { userAgent: 'jest' });
  return { userId: user.id, token, login, email, fullName, birthDate };
}

export interface WorkFixture {
  participantId: number;
  contestId: number;
  title?: string;
  category?: Category;
  status?: WorkStatus;
  likesCount?: number;
  publishedAt?: Date;
}

/** A work as the works module would store it; approved ones carry their publication time. */
export async function insertWork(db: Db, work: WorkFixture): Promise<number> {
  const status = work.status ?? 'approved';
  const [row] = await db
    .insert(creativeWorks)
    .values({
      participantId: work.participantId,
      contestId: work.contestId,
      category: work.category ?? 'middle',
      title: work.title ?? `Работа ${next()}`,
      description: 'Акварель на бумаге',
      status,
      fileKind: 'image',
      fileBytes: 123_456,
      uploadKey: randomUUID(),
      likesCount: work.likesCount ?? 0,
      publishedAt: status === 'approved' ? (work.publishedAt ?? new Date()) : null,
    })
    .returning({ id: creativeWorks.id });
  return row.id;
}

/** A work's stored counter next to the number of its like rows (they must always agree). */
export async function likeCounts(db: Db, workId: number): Promise<{ stored: number; rows: number }> {
  const result = (await db.execute(
    sql`select likes_count as stored, (select count(*)::int from creative_work_likes where work_id = ${workId}) as rows from creative_works where id = ${workId}`,
  )) as unknown as { rows: Array<{ stored: number; rows: number }> };
  return result.rows[0];
}
