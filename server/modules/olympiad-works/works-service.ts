import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MyWork } from '../../../shared/api/olympiad-works';
import type { Language } from '../../../shared/i18n/languages';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import { creativeWorks, type User } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../lib/http-error';
import type { FileStorage } from '../../storage/file-storage';
import { imagesRepository } from '../catalog/common/images-repository';
import { requireVerifiedParticipant } from '../olympiad/participant-guard';
import { contestsRepository } from './contests-repository';
import { entryRefusal, stagesOf } from './entry-rules';
import { workFiles, WorkFileRefused, type StoredWorkFile } from './work-file';
import type { WorkForm } from './work-form';
import { toMyWork } from './work-resources';
import { worksRepository, type WorkRow } from './works-repository';

/**
 * A participant's own works: enter one in a contest, edit and resubmit it, take it back.
 * The file is checked and stored first, outside any transaction; the row is written after, with
 * the contest's rules checked again under a lock on the participant, so two uploads at once
 * never pass the limit. Whatever fails, the files stored for this request are removed and
 * everything stored before (an earlier file of an edited work) stays.
 */
export function worksService(db: Db, storage: FileStorage, log: FastifyBaseLogger) {
  const works = worksRepository(db);
  const contests = contestsRepository(db);
  const files = workFiles(db, storage);
  const images = imagesRepository(db);

  async function resources(rows: WorkRow[], lang: Language): Promise<MyWork[]> {
    const map = await images.resources(
      rows.map((r) => r.work.imageId),
      storage,
    );
    return rows.map((row) => toMyWork(row, map, lang));
  }

  /** Files of a replaced or removed work go once the row no longer names them; a failure only leaves litter, logged. */
  const discard = (file: { imageId: string | null; pdfKey: string | null }) =>
    files.remove(file).catch((err: unknown) => log.error({ err }, 'olympiad work: removing a stored file failed'));

  async function storeFile(userId: number, file: NonNullable<WorkForm['file']>): Promise<StoredWorkFile> {
    try {
      return await files.store(userId, file.body, file.name);
    } catch (error) {
      if (error instanceof WorkFileRefused) throw validationFailed({ file: [error.refusal] });
      // The file was fine but could not be kept (storage or database down): the SPEC's "file upload error", and the form may be sent again.
      log.error({ err: error }, 'olympiad work: storing the file failed');
      throw new HttpError(503, 'olympiadWorks.errors.uploadFailed');
    }
  }

  async function entrantRefusal(tx: Db, contestId: number, participant: { userId: number; category: string }, now: Date, exceptWork = false) {
    const contest = await contests.byId(contestId, tx);
    if (!contest) return validationFailed({ contest_id: [msg('olympiadWorks.errors.contestNotFound')] });
    const entered = (await contests.entriesOf(participant.userId, [contestId], tx)).get(contestId) ?? 0;
    const stages = contest.stageKinds.length ? await stagesOf(tx, participant.userId) : new Set<never>();
    // An edit does not add a work: the limit counts the others.
    return entryRefusal(contest, { category: participant.category, stages, entered: exceptWork ? 0 : entered }, now);
  }

  return {
    async mine(user: User, lang: Language): Promise<MyWork[]> {
      return resources(await works.mine(user.id), lang);
    },

    async one(user: User, id: number, lang: Language): Promise<MyWork> {
      const row = await works.own(id, user.id);
      if (!row) throw notFound();
      return (await resources([row], lang))[0];
    },

    /** A new work (`created`), or the work an earlier request with the same upload key made. */
    async submit(user: User, form: WorkForm, lang: Language, now: Date): Promise<{ work: MyWork; created: boolean }> {
      const { participant } = await requireVerifiedParticipant(db, user);
      const earlier = await works.byUploadKey(user.id, form.uploadKey!);
      if (earlier) return { work: (await resources([earlier], lang))[0], created: false };
      // Refused before the file is processed when the rules already say no.
      const early = await entrantRefusal(db, form.contestId!, participant, now);
      if (early) throw early;
      const stored = await storeFile(user.id, form.file!);
      let id: number | null;
      try {
        id = await db.transaction(async (tx) => {
          await works.lockParticipant(tx, user.id);
          if (await works.byUploadKey(user.id, form.uploadKey!, tx)) return null;
          const refusal = await entrantRefusal(tx, form.contestId!, participant, now);
          if (refusal) throw refusal;
          return works.insert(tx, {
            participantId: user.id,
            contestId: form.contestId!,
            category: participant.category,
            title: form.title,
            description: form.description,
            status: 'moderation',
            fileKind: stored.fileKind,
            imageId: stored.imageId,
            pdfKey: stored.pdfKey,
            fileBytes: stored.fileBytes,
            uploadKey: form.uploadKey!,
            submittedAt: now,
          });
        });
      } catch (error) {
        await discard(stored);
        throw error;
      }
      if (id === null) {
        // The same upload arrived twice at once and the other one was first.
        await discard(stored);
        const first = await works.byUploadKey(user.id, form.uploadKey!);
        return { work: (await resources([first!], lang))[0], created: false };
      }
      return { work: (await resources([(await works.byId(id))!], lang))[0], created: true };
    },

    /**
     * Changes a work that is not published (on moderation, or rejected) and sends it to
     * moderation again from now. Without a file the stored one stays; with one, the old file
     * goes only once the work names the new one.
     */
    async edit(user: User, id: number, form: WorkForm, lang: Language, now: Date): Promise<MyWork> {
      const { participant } = await requireVerifiedParticipant(db, user);
      const row = await works.own(id, user.id);
      if (!row) throw notFound();
      if (row.work.status === 'approved') throw new HttpError(409, 'olympiadWorks.errors.published');
      const early = await entrantRefusal(db, row.work.contestId, participant, now, true);
      if (early) throw early;
      const stored = form.file ? await storeFile(user.id, form.file) : null;
      let previous: WorkRow['work'];
      try {
        previous = await db.transaction(async (tx) => {
          const [current] = await tx.select().from(creativeWorks).where(eq(creativeWorks.id, id)).for('update');
          if (!current || current.participantId !== user.id) throw notFound();
          // A moderator decided it while the form was being filled: a published work stays as it is.
          if (current.status === 'approved') throw new HttpError(409, 'olympiadWorks.errors.published');
          await tx
            .update(creativeWorks)
            .set({
              title: form.title,
              description: form.description,
              status: 'moderation',
              rejectionReason: null,
              submittedAt: now,
              publishedAt: null,
              claimedBy: null,
              claimExpiresAt: null,
              ...(stored ? { fileKind: stored.fileKind, imageId: stored.imageId, pdfKey: stored.pdfKey, fileBytes: stored.fileBytes } : {}),
            })
            .where(eq(creativeWorks.id, id));
          return current;
        });
      } catch (error) {
        if (stored) await discard(stored);
        throw error;
      }
      if (stored) await discard({ imageId: previous.imageId, pdfKey: previous.pdfKey });
      return (await resources([(await works.byId(id))!], lang))[0];
    },

    /** Takes one's own work back, in any state; its likes and decisions go with it. */
    async remove(user: User, id: number): Promise<void> {
      const [gone] = await db
        .delete(creativeWorks)
        .where(and(eq(creativeWorks.id, id), eq(creativeWorks.participantId, user.id)))
        .returning({ imageId: creativeWorks.imageId, pdfKey: creativeWorks.pdfKey });
      if (!gone) throw notFound();
      await discard(gone);
    },
  };
}

export type WorksService = ReturnType<typeof worksService>;
