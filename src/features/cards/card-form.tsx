import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CardResource } from '../../../shared/api/cards';
import { cardSchema } from '../../../shared/validation/cards';
import { FormStatus } from '../../account/form-status';
import { useSaveCard } from '../../account/cards-api';
import { CardFields } from '../../account/card-fields';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { splitCardRefusal } from './card-refusal';
import { cardBody, emptyCard, withoutSecrets, type CardValues } from './card-values';

interface CardFormProps {
  onSaved: (card: CardResource) => void;
  cancelTo: string;
}

/**
 * A new card: the shared rules (Luhn, expiry in the future, CVC) on the
 * client, then the server checks again and its payment provider tokenises
 * the number. The number and CVC are emptied after every submit: a refusal
 * about them (a declined card, a mistyped number) is shown as the form's
 * message, because their fields no longer hold what was refused.
 */
export function CardForm({ onSaved, cancelTo }: CardFormProps) {
  const intl = useIntl();
  const saveCard = useSaveCard();
  const verdicts = useServerVerdicts(validateWith<CardValues>(cardSchema, cardBody));
  return (
    <Formik<CardValues>
      initialValues={emptyCard}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const cleared = withoutSecrets(values);
        try {
          const card = await saveCard(cardBody(values));
          helpers.resetForm({ values: cleared });
          onSaved(card);
        } catch (failure) {
          await helpers.setValues(cleared, false);
          const { message, fieldFailure } = splitCardRefusal(failure);
          if (fieldFailure) verdicts.applyServerErrors(fieldFailure, cleared, helpers);
          // Not a 422 at all (offline, 500): the call's own message.
          helpers.setStatus(message ?? (fieldFailure ? undefined : failure));
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form" data-testid="card-form" autoComplete="on">
          <CardFields />
          <p className="muted">{intl.formatMessage({ id: 'cards.ui.safety' })}</p>
          <FormStatus status={status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save-card">
              {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'cards.ui.save' })}
            </button>
            <Link to={cancelTo}>{intl.formatMessage({ id: 'common.cancel' })}</Link>
          </div>
        </Form>
      )}
    </Formik>
  );
}
