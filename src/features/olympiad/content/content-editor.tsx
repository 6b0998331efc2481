import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import type { ContentResource } from '../../../../shared/api/olympiad-content';
import { contentEditSchema } from '../../../../shared/validation/olympiad-content';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { useSaveOlympiadContentMutation } from '../olympiad-api';
import { SaveActions } from '../components/save-actions';

/** Staff edit a page in both languages at once; the format help sits beside the fields. */
export function ContentEditor({ page, onDone }: { page: ContentResource; onDone(): void }) {
  const intl = useIntl();
  const [save] = useSaveOlympiadContentMutation();
  const initial = page.translations ?? { ru: { title: '', body: '' }, en: { title: '', body: '' } };
  const verdicts = useServerVerdicts(validateWith(contentEditSchema));
  return (
    <Formik
      initialValues={initial}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          await save({ key: page.key, body: values }).unwrap();
          onDone();
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate method="post" className="form content-editor" data-testid="content-editor">
          <p className="muted">{intl.formatMessage({ id: 'olympiad.editor.help' })}</p>
          {(['ru', 'en'] as const).map((lang) => (
            <fieldset key={lang} className="editor-language">
              <legend>{intl.formatMessage({ id: `lang.${lang}` })}</legend>
              <FormField name={`${lang}.title`} labelId="olympiad.editor.title" maxLength={200} />
              <FormField name={`${lang}.body`} labelId="olympiad.editor.body" multiline className="editor-body" />
            </fieldset>
          ))}
          <ApiErrorText error={status} />
          <SaveActions submitting={isSubmitting} testId="save-content" onCancel={onDone} />
        </Form>
      )}
    </Formik>
  );
}
