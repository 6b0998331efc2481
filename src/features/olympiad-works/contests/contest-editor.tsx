import { Field, Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import type { Contest, ContestBody } from '../../../../shared/api/olympiad-works';
import { CATEGORIES, STAGE_KINDS } from '../../../../shared/validation/olympiad-options';
import { DEFAULT_WORKS_PER_PARTICIPANT } from '../../../../shared/validation/olympiad-works-rules';
import { contestSchema } from '../../../../shared/validation/olympiad-works';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { fromLocalInput, toLocalInput } from '../../../components/forms/local-time';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { useSaveContestMutation } from '../works-api';

interface ContestValues {
  title_ru: string;
  title_en: string;
  description_ru: string;
  description_en: string;
  starts_at: string;
  ends_at: string;
  stage_kinds: string[];
  categories: string[];
  works_per_participant: string;
}

const blank: ContestValues = {
  title_ru: '',
  title_en: '',
  description_ru: '',
  description_en: '',
  starts_at: '',
  ends_at: '',
  stage_kinds: [],
  categories: [],
  works_per_participant: String(DEFAULT_WORKS_PER_PARTICIPANT),
};

/** A contest as staff see it (texts in both languages come only to them) as the form's values. */
const valuesOf = (contest: Contest): ContestValues => ({
  title_ru: contest.title_ru ?? '',
  title_en: contest.title_en ?? '',
  description_ru: contest.description_ru ?? '',
  description_en: contest.description_en ?? '',
  starts_at: toLocalInput(contest.starts_at),
  ends_at: toLocalInput(contest.ends_at),
  stage_kinds: contest.stage_kinds,
  categories: contest.categories,
  works_per_participant: String(contest.works_per_participant),
});

const bodyOf = (values: ContestValues) =>
  ({
    ...values,
    starts_at: fromLocalInput(values.starts_at),
    ends_at: fromLocalInput(values.ends_at),
    works_per_participant: Number(values.works_per_participant),
  }) as ContestBody;

/** Staff create a creative contest or edit one: both languages, dates in their own time, who may enter, works each. */
export function ContestEditor({ contest, onDone }: { contest?: Contest; onDone(saved: Contest | null): void }) {
  const intl = useIntl();
  const [save] = useSaveContestMutation();
  const verdicts = useServerVerdicts(validateWith(contestSchema, bodyOf));
  const choices = (name: 'stage_kinds' | 'categories', values: readonly string[], label: (value: string) => string) => (
    <fieldset className="contest-choices">
      <legend>{intl.formatMessage({ id: `olympiadWorks.editor.${name === 'stage_kinds' ? 'stages' : 'categories'}` })}</legend>
      <p className="muted">{intl.formatMessage({ id: 'olympiadWorks.editor.noneMeansAll' })}</p>
      {values.map((value) => (
        <label key={value} className="checkbox">
          <Field type="checkbox" name={name} value={value} /> {label(value)}
        </label>
      ))}
    </fieldset>
  );
  return (
    <Formik<ContestValues>
      initialValues={contest ? valuesOf(contest) : blank}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          const saved = await save({ id: contest?.id ?? null, body: bodyOf(values) }).unwrap();
          onDone(saved.data);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate method="post" className="form contest-editor" data-testid="contest-editor">
          <FormField name="title_ru" labelId="olympiadWorks.editor.titleRu" />
          <FormField name="title_en" labelId="olympiadWorks.editor.titleEn" />
          <FormField name="description_ru" labelId="olympiadWorks.editor.descriptionRu" multiline rows={6} />
          <FormField name="description_en" labelId="olympiadWorks.editor.descriptionEn" multiline rows={6} />
          <p className="muted">{intl.formatMessage({ id: 'olympiadWorks.editor.localTime' })}</p>
          <FormField name="starts_at" labelId="olympiadWorks.editor.startsAt" type="datetime-local" />
          <FormField name="ends_at" labelId="olympiadWorks.editor.endsAt" type="datetime-local" />
          {choices('stage_kinds', STAGE_KINDS, (kind) => intl.formatMessage({ id: `olympiad.stage.${kind}` }))}
          {choices('categories', CATEGORIES, (category) => intl.formatMessage({ id: `olympiad.category.${category}` }))}
          <FormField name="works_per_participant" labelId="olympiadWorks.editor.worksPerParticipant" type="number" min={1} max={50} />
          <ApiErrorText error={status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="contest-save">
              {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
            </button>
            <button type="button" className="button" onClick={() => onDone(null)}>
              {intl.formatMessage({ id: 'common.cancel' })}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
