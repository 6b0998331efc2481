import type { Contest, ContestBody } from '../../../shared/api/olympiad-works';
import type { Language } from '../../../shared/i18n/languages';
import { OLYMPIAD_EDITORS } from '../../../shared/roles';
import { contestSchema } from '../../../shared/validation/olympiad-works';
import type { Db } from '../../db/client';
import type { CreativeContest, User } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import { participantRefusal } from '../olympiad/participant-guard';
import { participantsRepository } from '../olympiad/participants-repository';
import { contestsRepository, contestState } from './contests-repository';
import { entryRefusal, stagesOf } from './entry-rules';

/** Contests as participants and staff see them: texts in the reader's language, and for a participant where they stand. */
export function contestsService(db: Db) {
  const contests = contestsRepository(db);
  const participants = participantsRepository(db);

  async function resources(rows: CreativeContest[], user: User | null, lang: Language, now: Date): Promise<Contest[]> {
    const ids = rows.map((r) => r.id);
    const account = user ? await participants.byUserId(user.id) : null;
    const [published, entries, stages] = await Promise.all([
      contests.publishedCounts(ids),
      account ? contests.entriesOf(account.user.id, ids) : Promise.resolve(new Map<number, number>()),
      account && rows.some((r) => r.stageKinds.length) ? stagesOf(db, account.user.id) : Promise.resolve(new Set<never>()),
    ]);
    const verified = account ? participantRefusal(account.participant, account.user) === null : false;
    const staff = !!user && OLYMPIAD_EDITORS.includes(user.role);
    return rows.map((row) => {
      const entered = entries.get(row.id) ?? 0;
      return {
        id: row.id,
        title: lang === 'en' ? row.titleEn : row.titleRu,
        description: lang === 'en' ? row.descriptionEn : row.descriptionRu,
        starts_at: iso(row.startsAt),
        ends_at: iso(row.endsAt),
        state: contestState(row, now),
        stage_kinds: row.stageKinds,
        categories: row.categories,
        works_per_participant: row.worksPerParticipant,
        my_works: account ? entered : null,
        may_enter: account ? verified && entryRefusal(row, { category: account.participant.category, stages, entered }, now) === null : null,
        published_works: published.get(row.id) ?? 0,
        ...(staff ? { title_ru: row.titleRu, title_en: row.titleEn, description_ru: row.descriptionRu, description_en: row.descriptionEn } : {}),
      };
    });
  }

  return {
    async list(user: User | null, lang: Language, now: Date): Promise<Contest[]> {
      return resources(await contests.all(now), user, lang, now);
    },

    async one(id: number, user: User | null, lang: Language, now: Date): Promise<Contest> {
      const row = await contests.byId(id);
      if (!row) throw notFound();
      return (await resources([row], user, lang, now))[0];
    },

    async create(body: ContestBody, staff: User, lang: Language, now: Date): Promise<Contest> {
      const input = await validateShared(contestSchema, body);
      return (await resources([await contests.create(input, staff.id)], staff, lang, now))[0];
    },

    async update(id: number, body: ContestBody, staff: User, lang: Language, now: Date): Promise<Contest> {
      const input = await validateShared(contestSchema, body);
      const row = await contests.update(id, input);
      if (!row) throw notFound();
      return (await resources([row], staff, lang, now))[0];
    },
  };
}
