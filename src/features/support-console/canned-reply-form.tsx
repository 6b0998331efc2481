import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useRef, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { CannedReplyResource } from '../../../shared/api/support';
import { cannedReplySchema } from '../../../shared/validation/chats';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import type { CannedReplyFields } from './support-console-api';

export type CannedSaveResult = { data: CannedReplyResource } | { error: unknown };

interface CannedReplyFormProps {
  /** The reply being changed; without it the form adds a new one. */
  reply?: CannedReplyResource;
  save: (fields: CannedReplyFields) => Promise<CannedSaveResult>;
  onSaved: (saved: CannedReplyResource) => void;
  onCancel: () => void;
}

const FIELDS = ['shortcut', 'title', 'content'] as const;

/** Adds or changes one canned reply; a refused save keeps what was typed and names the field to fix. */
export function CannedReplyForm({ reply, save, onSaved, onCancel }: CannedReplyFormProps) {
  const intl = useIntl();
  const root = useRef<HTMLDivElement>(null);
  // The server applies the same shared rule to the same body, so both sides say the same words; its own verdicts
  // (a taken shortcut) stay on their fields until those change.
  const verdicts = useServerVerdicts(validateWith(cannedReplySchema, (values: CannedReplyFields) => values));
  const label = reply
    ? intl.formatMessage({ id: 'supportConsole.canned.editing' }, { shortcut: reply.shortcut })
    : intl.formatMessage({ id: 'supportConsole.canned.new' });
  return (
    <Formik<CannedReplyFields>
      initialValues={{ shortcut: reply?.shortcut ?? '', title: reply?.title ?? '', content: reply?.content ?? '' }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const result = await save(values);
        if ('error' in result) {
          // A taken shortcut comes back as a 422 on `shortcut`, in the agent's language.
          if (!verdicts.applyServerErrors(result.error, values, helpers)) helpers.setStatus(result.error);
          return;
        }
        onSaved(result.data);
      }}
    >
      {(form) => (
        <div ref={root}>
          <Form
            className="canned-form"
            noValidate
            aria-label={label}
            data-testid="canned-form"
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || form.isSubmitting) return;
              event.preventDefault();
              onCancel();
            }}
          >
            <FocusFirstError root={root} />
            <FormField name="shortcut" labelId="supportConsole.canned.shortcut" autoFocus autoComplete="off" spellCheck={false} />
            <FormField name="title" labelId="supportConsole.canned.titleField" autoComplete="off" />
            <FormField name="content" labelId="supportConsole.canned.content" multiline />
            <ApiErrorText error={form.status} />
            <div className="form-actions">
              {/* Pressing Save would blur the field first; its message then pushes the button away from the pointer. */}
              <button
                type="submit"
                className="button button-primary"
                disabled={form.isSubmitting}
                data-testid="canned-save"
                onMouseDown={(event) => event.preventDefault()}
              >
                {intl.formatMessage({ id: form.isSubmitting ? 'common.saving' : 'common.save' })}
              </button>
              <button type="button" className="button" disabled={form.isSubmitting} data-testid="canned-cancel" onClick={onCancel}>
                {intl.formatMessage({ id: 'common.cancel' })}
              </button>
            </div>
          </Form>
        </div>
      )}
    </Formik>
  );
}

/** After a refused save the focus goes to the first field to fix, whose message is read out with it. */
function FocusFirstError({ root }: { root: RefObject<HTMLElement | null> }) {
  const { submitCount, isSubmitting, errors } = useFormikContext<CannedReplyFields>();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    const field = FIELDS.find((name) => errors[name]);
    if (field) root.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }, [submitCount, isSubmitting, errors, root]);
  return null;
}
