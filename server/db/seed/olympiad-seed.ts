import { OLYMPIAD_TIME_ZONE, dateIn, toIsoDate } from '../../../shared/validation/olympiad-dates';
import { CONTENT_KEYS } from '../../../shared/validation/olympiad-content';
import { INITIAL_PAGES } from '../../modules/olympiad/initial-pages';
import { hashPassword } from '../../modules/olympiad/password-hash';
import type { Db } from '../client';
import { olympiadPages, olympiadParticipants, olympiadStages, users } from '../schema';

const DAY = 24 * 60 * 60 * 1000;

/** Whole hours, so the seeded dates read well ("12 May, 10:00"). */
const hoursFrom = (now: Date, days: number, hour: number) => {
  const at = new Date(now.getTime() + days * DAY);
  at.setUTCHours(hour - 3, 0, 0, 0); // hour given in Moscow time (UTC+3)
  return at;
};

/** README: the demo participant signs in with this login and password. */
export const DEMO_PARTICIPANT = { login: 'student', password: 'student123', email: 'student@example.com', name: 'Алексей Смирнов' };

/**
 * The stages around today (the first stage running, so the countdown shows
 * something real), the pages in both languages, and the demo participant,
 * verified and 15 years old.
 */
export async function seedOlympiad(db: Db, now = new Date()): Promise<void> {
  await db
    .insert(olympiadStages)
    .values([
      { kind: 'training', position: 1, startsAt: hoursFrom(now, -30, 10), endsAt: hoursFrom(now, 46, 18) },
      { kind: 'first', position: 2, startsAt: hoursFrom(now, -2, 10), endsAt: hoursFrom(now, 5, 22), timeLimitMinutes: 25, attemptsAllowed: 1 },
      {
        kind: 'second',
        position: 3,
        startsAt: hoursFrom(now, 14, 10),
        endsAt: hoursFrom(now, 21, 22),
        timeLimitMinutes: 30,
        attemptsAllowed: 1,
        essayMinutes: 45,
        essayMaxChars: 5000,
      },
      { kind: 'final', position: 4, startsAt: hoursFrom(now, 45, 10), endsAt: hoursFrom(now, 46, 18), attemptsAllowed: 1, inPerson: true },
    ])
    .onConflictDoNothing();

  await db
    .insert(olympiadPages)
    .values(
      CONTENT_KEYS.map((key) => {
        const page = INITIAL_PAGES[key];
        return { key, titleRu: page.ru.title, bodyRu: page.ru.body, titleEn: page.en.title, bodyEn: page.en.body };
      }),
    )
    .onConflictDoNothing();

  const today = dateIn(OLYMPIAD_TIME_ZONE, now);
  // Fifteen years and about four months: 15 on any day of the year the demo is opened.
  const birth = new Date(Date.UTC(today.year - 15, today.month - 1, today.day) - 120 * DAY);
  const [user] = await db
    .insert(users)
    .values({ email: DEMO_PARTICIPANT.email, name: DEMO_PARTICIPANT.name, locale: 'ru' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  await db
    .insert(olympiadParticipants)
    .values({
      userId: user.id,
      login: DEMO_PARTICIPANT.login,
      passwordHash: await hashPassword(DEMO_PARTICIPANT.password),
      fullName: DEMO_PARTICIPANT.name,
      birthDate: toIsoDate({ year: birth.getUTCFullYear(), month: birth.getUTCMonth() + 1, day: birth.getUTCDate() }),
      sex: 'male',
      country: 'Россия',
      city: 'Москва',
      school: 'ГБОУ Школа № 1535',
      socialLink: '',
      referralSource: 'school',
      category: 'middle',
      agreementAcceptedAt: now,
      emailVerifiedAt: now,
      verifiedEmail: DEMO_PARTICIPANT.email,
    })
    .onConflictDoNothing();
}
