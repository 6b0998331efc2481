import { randomUUID } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { FileStorage } from '../../storage/file-storage';
import { storageForDataDir } from '../../storage/local-storage';
import type { Db } from '../client';
import { creativeContests, creativeWorkDecisions, creativeWorks, users } from '../schema';
import { seedImageBatch } from './catalog-seed-images';
import { DEMO_PARTICIPANT } from './olympiad-seed';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * DESIGN.md "sample works": one creative contest open now, in both languages, and the demo
 * participant's works in each state: published, on moderation (close to its 24 hours, so the
 * queue shows the mark), and rejected with a reason from the list (so the edit-and-resubmit
 * path can be tried). Pictures are drawn by code (no words: a picture cannot follow the
 * reader's language) and stored like any image. A database that has a contest is left alone.
 */
export async function seedOlympiadWorks(db: Db, storage: FileStorage = storageForDataDir(loadConfig().dataDir), now = new Date()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(creativeContests);
  if (Number(existing.n) > 0) return;
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [DEMO_PARTICIPANT.email, 'moderator@example.com']));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  const student = idOf(DEMO_PARTICIPANT.email);
  const moderator = idOf('moderator@example.com');

  const [contest] = await db
    .insert(creativeContests)
    .values({
      titleRu: 'Рисунок «Мир вокруг меня»',
      titleEn: 'Drawing “The world around me”',
      descriptionRu:
        'Нарисуйте то, что видите каждый день: свой двор, дорогу в школу, любимое место в городе. Подойдёт рисунок красками, карандашом или на компьютере — фотография или скан в png или jpeg до 10 МБ, либо PDF до 5 МБ. Работа проходит модерацию до 24 часов, после этого её увидят все в галерее.',
      descriptionEn:
        'Draw what you see every day: your yard, your way to school, your favourite place in town. Paint, pencil or a computer drawing all count: a photo or scan as png or jpeg up to 10 MB, or a PDF up to 5 MB. Moderation takes up to 24 hours; then everyone sees the work in the gallery.',
      startsAt: new Date(now.getTime() - 3 * DAY),
      endsAt: new Date(now.getTime() + 30 * DAY),
      worksPerParticipant: 5,
      createdBy: moderator,
    })
    .returning({ id: creativeContests.id });
  if (!student) return;

  const pictures = seedImageBatch(db, storage);
  const samples = [
    { title: 'Двор после дождя', description: 'Акварель, лист А4. Вид из моего окна вечером.', hue: 205, status: 'approved' as const, submittedHoursAgo: 50 },
    { title: 'Дорога в школу', description: 'Гуашь. Осенний парк, через который я хожу каждое утро.', hue: 28, status: 'moderation' as const, submittedHoursAgo: 21 },
    { title: 'Мой город ночью', description: 'Рисунок на планшете.', hue: 260, status: 'rejected' as const, submittedHoursAgo: 30 },
  ];
  const rows = samples.map((sample) => ({
    participantId: student,
    contestId: contest.id,
    category: 'middle',
    title: sample.title,
    description: sample.description,
    status: sample.status,
    rejectionReason: sample.status === 'rejected' ? 'reason:poor_quality' : null,
    fileKind: 'image' as const,
    imageId: pictures.add({ width: 1200, height: 900, hue: sample.hue }),
    fileBytes: 180_000,
    uploadKey: randomUUID(),
    submittedAt: new Date(now.getTime() - sample.submittedHoursAgo * HOUR),
    publishedAt: sample.status === 'approved' ? new Date(now.getTime() - (sample.submittedHoursAgo - 3) * HOUR) : null,
  }));
  await pictures.flush();
  const works = await db.insert(creativeWorks).values(rows).returning({ id: creativeWorks.id, status: creativeWorks.status, reason: creativeWorks.rejectionReason, publishedAt: creativeWorks.publishedAt, submittedAt: creativeWorks.submittedAt });
  const decided = works.filter((w) => w.status !== 'moderation');
  if (decided.length) {
    await db.insert(creativeWorkDecisions).values(
      decided.map((w) => ({ workId: w.id, moderatorId: moderator, decision: w.status, reason: w.reason, decidedAt: w.publishedAt ?? new Date(w.submittedAt.getTime() + 4 * HOUR) })),
    );
  }
}
