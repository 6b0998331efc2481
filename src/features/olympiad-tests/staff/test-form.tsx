import { Form, Formik, useFormikContext } from 'formik';
import { useIntl } from 'react-intl';
import type { StaffTestResource } from '../../../../shared/api/olympiad-tests';
import type { StageResource } from '../../../../shared/api/olympiad-stages';
import { testSchema } from '../../../../shared/validation/olympiad-test-definition';
import { TEST_FORMATS } from '../../../../shared/validation/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { useCreateTestMutation, useQuestionCategoriesQuery, useUpdateTestMutation } from '../staff-tests-api';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { FormField } from '../../../components/forms/form-field';
import { ListError } from '../../../components/forms/list-error';
import { SelectField } from '../../../components/forms/select-field';
import { testBody, testFormValues, type TestFormValues } from './test-form-values';

function LimitField({ mode, value, label, unitId }: { mode: 'attempts_mode' | 'time_mode'; value: 'attempts_allowed' | 'time_limit_minutes'; label: string; unitId: string }) {
  const intl = useIntl();
  const { values } = useFormikContext<TestFormValues>();
  return (
    <div className="editor-limit">
      <SelectField idPrefix="staff" name={mode} label={label}>
        <option value="stage">{intl.formatMessage({ id: 'olympiadTests.ui.testForm.stageRule' })}</option>
        <option value="none">{intl.formatMessage({ id: mode === 'time_mode' ? 'olympiadTests.ui.testForm.noLimit' : 'olympiadTests.ui.testForm.unlimited' })}</option>
        <option value="custom">{intl.formatMessage({ id: 'olympiadTests.ui.testForm.custom' })}</option>
      </SelectField>
      {values[mode] === 'custom' ? <FormField idPrefix="staff" name={value} type="number" min={1} label={intl.formatMessage({ id: unitId })} /> : null}
    </div>
  );
}

function CategoriesField() {
  const intl = useIntl();
  const { values, setFieldValue } = useFormikContext<TestFormValues>();
  const { data: categories } = useQuestionCategoriesQuery();
  const known = new Set((categories ?? []).map((c) => c.name));
  const all = [...(categories ?? []), ...values.categories.filter((name) => !known.has(name)).map((name) => ({ name, count: 0 }))];
  if (all.length === 0) return null;
  const toggle = (name: string) =>
    setFieldValue('categories', values.categories.includes(name) ? values.categories.filter((c) => c !== name) : [...values.categories, name]);
  return (
    <fieldset className="editor-list">
      <legend>{intl.formatMessage({ id: 'olympiadTests.ui.testForm.categories' })}</legend>
      <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.testForm.categoriesHint' })}</p>
      <div className="category-choices">
        {all.map((category) => (
          <label key={category.name} className="checkbox-row">
            <input type="checkbox" checked={values.categories.includes(category.name)} onChange={() => void toggle(category.name)} />
            {category.name || intl.formatMessage({ id: 'olympiadTests.ui.noCategory' })} ({category.count})
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface TestFormProps {
  stages: StageResource[];
  test?: StaffTestResource;
  stageId?: number;
  onSaved(test: StaffTestResource): void;
  onCancel?(): void;
}

/** Staff create or change a test of a stage: texts, limits (the stage's rule by default), pool, window, publication. */
export function TestForm({ stages, test, stageId, onSaved, onCancel }: TestFormProps) {
  const intl = useIntl();
  const [create] = useCreateTestMutation();
  const [update] = useUpdateTestMutation();
  const verdicts = useServerVerdicts(validateWith<TestFormValues>(testSchema, testBody));
  return (
    <Formik<TestFormValues>
      initialValues={testFormValues(test, stageId ?? stages.find((s) => !s.in_person)?.id)}
      validate={verdicts.validate}
      validateOnChange={false}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          // The question list is edited beside the form, so the test's current list goes, not the form's copy.
          const body = { ...testBody(values), question_ids: test?.question_ids ?? values.question_ids };
          const saved = test ? await update({ id: test.id, body }).unwrap() : await create(body).unwrap();
          helpers.resetForm({ values: testFormValues(saved), status: { saved: true } });
          onSaved(saved);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, dirty }) => (
        <Form noValidate className="form test-form" data-testid="test-form">
          <div className="editor-grid">
            <SelectField idPrefix="staff" name="stage_id" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.stage' })} testId="test-stage">
              {stages
                .filter((stage) => !stage.in_person)
                .map((stage) => (
                  <option key={stage.id} value={String(stage.id)}>
                    {intl.formatMessage({ id: `olympiad.stage.${stage.kind}` })}
                  </option>
                ))}
            </SelectField>
            <SelectField idPrefix="staff" name="format" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.format' })}>
              {TEST_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {intl.formatMessage({ id: `olympiadTests.ui.format.${format}` })}
                </option>
              ))}
            </SelectField>
          </div>
          <FormField idPrefix="staff" name="title" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.title' })} data-testid="test-title" />
          <FormField idPrefix="staff" name="title_en" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.titleEn' })} />
          <FormField idPrefix="staff" name="description" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.description' })} multiline rows={3} />
          <FormField idPrefix="staff" name="description_en" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.descriptionEn' })} multiline rows={3} />
          <div className="editor-grid">
            <LimitField mode="time_mode" value="time_limit_minutes" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.time' })} unitId="olympiadTests.ui.testForm.minutes" />
            <LimitField mode="attempts_mode" value="attempts_allowed" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.attempts' })} unitId="olympiadTests.ui.testForm.attemptsNumber" />
            <FormField idPrefix="staff" name="question_count" type="number" min={1} label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.questionCount' })} />
          </div>
          <div className="editor-grid">
            <FormField idPrefix="staff" name="opens_at" type="datetime-local" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.opensAt' })} />
            <FormField idPrefix="staff" name="closes_at" type="datetime-local" label={intl.formatMessage({ id: 'olympiadTests.ui.testForm.closesAt' })} />
          </div>
          <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.testForm.windowHint' })}</p>
          <CategoriesField />
          <PublishedField />
          {/* A published test needs questions: the server says so under the list it has no field for here. */}
          <ListError name="question_ids" />
          <ListError name="categories" />
          <ApiErrorText error={status && !status.saved ? status : null} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save-test">
              {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
            </button>
            {onCancel ? (
              <button type="button" className="button" onClick={onCancel}>
                {intl.formatMessage({ id: 'common.cancel' })}
              </button>
            ) : null}
            {status?.saved && !dirty ? (
              <span className="form-success" role="status" data-testid="test-saved">
                {intl.formatMessage({ id: 'common.saved' })}
              </span>
            ) : null}
          </div>
        </Form>
      )}
    </Formik>
  );
}

function PublishedField() {
  const intl = useIntl();
  const { values, setFieldValue } = useFormikContext<TestFormValues>();
  return (
    <label className="checkbox-row">
      <input type="checkbox" checked={values.published} onChange={() => void setFieldValue('published', !values.published)} data-testid="test-published" />
      {intl.formatMessage({ id: 'olympiadTests.ui.testForm.published' })}
    </label>
  );
}
