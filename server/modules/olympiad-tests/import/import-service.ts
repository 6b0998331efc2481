import type { ImportFormat, ImportReport } from '../../../../shared/api/olympiad-tests';
import type { Language } from '../../../../shared/i18n/languages';
import { translate } from '../../../../shared/i18n/translate';
import { questionSchema } from '../../../../shared/validation/olympiad-tests';
import { runSchema } from '../../../../shared/validation/run-schema';
import type { Db } from '../../../db/client';
import { olympiadQuestions } from '../../../db/schema';
import { contentFromInput } from '../question-content';
import { testsRepository } from '../tests-repository';
import { readGift } from './gift';
import type { ParsedBank, SkippedEntry } from './import-types';
import { readMoodleXml } from './moodle-xml';

/** A file that opens like XML is Moodle XML; anything else is read as GIFT. */
export function detectFormat(content: string, filename?: string): ImportFormat {
  if (filename?.toLowerCase().endsWith('.xml')) return 'moodle_xml';
  if (filename && /\.(gift|txt)$/i.test(filename)) return 'gift';
  // `\s` covers the byte-order mark; one `\s*` keeps the test linear on a file of blanks.
  return /^\s*<(\?xml|quiz|!--)/i.test(content) ? 'moodle_xml' : 'gift';
}

export interface ImportOptions {
  format?: ImportFormat;
  filename?: string;
  content: string;
  category: string;
  testId?: number;
  dryRun: boolean;
  createdBy: number;
  lang: Language;
}

/**
 * Reads a question bank file, checks every question with the same rules as
 * the editor, and saves the good ones in one transaction (all or none). What
 * cannot be used is reported with its place in the file and the reason.
 * A file that cannot be read at all throws `ImportSyntaxError` (nothing saved).
 */
export async function importQuestions(db: Db, options: ImportOptions): Promise<ImportReport> {
  const format = options.format ?? detectFormat(options.content, options.filename);
  const bank: ParsedBank = format === 'moodle_xml' ? readMoodleXml(options.content, options.category) : readGift(options.content, options.category);
  const skipped: SkippedEntry[] = [...bank.skipped];
  const valid: Array<{ source: string; input: Awaited<ReturnType<typeof questionSchema.validate>> }> = [];
  for (const parsed of bank.questions) {
    const { source, ...body } = parsed;
    const result = await runSchema(questionSchema, { ...body, name: body.name.slice(0, 255), category: body.category.slice(0, 255) });
    if (result.ok) {
      valid.push({ source, input: result.value });
      continue;
    }
    const [field, messages] = Object.entries(result.errors)[0];
    skipped.push({ source, name: parsed.name || null, reasonKey: messages[0].key, values: { ...messages[0].values, field } });
  }

  let ids: Array<number | null> = valid.map(() => null);
  if (!options.dryRun && valid.length) {
    ids = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(olympiadQuestions)
        .values(
          valid.map(({ source, input }) => ({
            type: input.type,
            category: input.category,
            name: input.name,
            text: input.text,
            textEn: input.text_en ?? null,
            content: contentFromInput(input),
            maxPoints: input.max_points,
            source: `${format === 'gift' ? 'GIFT' : 'Moodle XML'}${options.filename ? ` ${options.filename.slice(0, 120)}` : ''}, ${source}`,
            createdBy: options.createdBy,
          })),
        )
        .returning({ id: olympiadQuestions.id });
      const created = rows.map((r) => r.id);
      if (options.testId) await testsRepository(db).appendQuestions(tx, options.testId, created);
      return created;
    });
  }

  const t = (key: string, values?: SkippedEntry['values']) => translate(options.lang, key, values);
  return {
    format,
    dry_run: options.dryRun,
    imported: valid.map(({ source, input }, i) => ({ id: ids[i], name: input.name || input.text.slice(0, 80), type: input.type, category: input.category, source })),
    skipped: skipped.map((s) => ({
      source: s.source,
      name: s.name,
      reason: s.values?.field ? `${s.values.field}: ${t(s.reasonKey, s.values)}` : t(s.reasonKey, s.values),
      reason_key: s.reasonKey,
    })),
    categories: [...new Set(valid.map((v) => v.input.category))].sort(),
  };
}
