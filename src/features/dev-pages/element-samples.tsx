import { Formik } from 'formik';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../components/api-error-text';
import { QuantityStepper } from '../../components/cart/quantity-stepper';
import '../../components/cart/cart.css';
import { ChatSubjectLabel } from '../../components/chat/chat-subject';
import { Composer } from '../../components/chat/composer';
import { MessageBubble, PendingBubble } from '../../components/chat/message-bubble';
import { PartyAvatar } from '../../components/chat/party-avatar';
import { FormField } from '../../components/forms/form-field';
import { SelectField } from '../../components/forms/select-field';
import { PageLoading } from '../../components/page-loading';
import { Pager } from '../../components/pager';

function Sample({ titleId, children }: { titleId: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="dev-sample" data-testid="element-sample">
      <h3>{intl.formatMessage({ id: titleId })}</h3>
      {children}
    </div>
  );
}

/** A field in one state: empty, filled, refused (touched with an error) or disabled. */
function FieldState({ prefix, value, error, disabled, multiline }: { prefix: string; value: string; error?: string; disabled?: boolean; multiline?: boolean }) {
  return (
    <Formik
      initialValues={{ name: value }}
      initialErrors={error ? { name: error } : {}}
      initialTouched={error ? { name: true } : {}}
      onSubmit={() => undefined}
    >
      <FormField name="name" labelId="devPages.elements.fieldLabel" idPrefix={prefix} disabled={disabled} multiline={multiline} rows={2} />
    </Formik>
  );
}

function Stepper({ start, max, disabled }: { start: number; max: number; disabled?: boolean }) {
  const intl = useIntl();
  const [value, setValue] = useState(start);
  return <QuantityStepper value={value} max={max} onChange={setValue} disabled={disabled} label={intl.formatMessage({ id: 'devPages.elements.sampleProduct' })} />;
}

/**
 * Every shared element of src/components in each of its states, in the language of the
 * surrounding IntlProvider; /elements-test shows it once per language.
 */
export function ElementSamples({ lang }: { lang: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const now = new Date().toISOString();
  const sender = { id: 1, name: t('devPages.elements.sampleName'), image: null };
  const message = (id: number, content: string) => ({ id, chat_id: 1, sender, content, attachments: [], created_at: now, client_id: null });
  const refusal = { message: t('devPages.elements.sampleRefusal') };
  return (
    <div className="dev-page" lang={lang}>
      <Sample titleId="devPages.elements.buttons">
        <div className="dev-row">
          <button type="button" className="button button-primary">
            {t('common.save')}
          </button>
          <button type="button" className="button">
            {t('common.cancel')}
          </button>
          <button type="button" className="button button-primary" disabled>
            {t('common.saving')}
          </button>
          <button type="button" className="link-button">
            {t('common.retry')}
          </button>
          <button type="button" className="link-button" disabled>
            {t('common.back')}
          </button>
        </div>
      </Sample>
      <Sample titleId="devPages.elements.loading">
        <PageLoading />
      </Sample>
      <Sample titleId="devPages.elements.apiError">
        <ApiErrorText error={{ status: 'FETCH_ERROR', error: 'offline' }} />
        <ApiErrorText error={{ status: 422, data: refusal }} />
      </Sample>
      <Sample titleId="devPages.elements.fields">
        <FieldState prefix={`${lang}-empty`} value="" />
        <FieldState prefix={`${lang}-filled`} value={t('devPages.elements.sampleName')} />
        <FieldState prefix={`${lang}-refused`} value="" error={t('devPages.elements.sampleRefusal')} />
        <FieldState prefix={`${lang}-disabled`} value={t('devPages.elements.sampleName')} disabled />
        <FieldState prefix={`${lang}-multiline`} value={t('devPages.elements.sampleText')} multiline />
      </Sample>
      <Sample titleId="devPages.elements.select">
        {[
          { key: 'empty', value: '', error: undefined },
          { key: 'chosen', value: 'yes', error: undefined },
          { key: 'refused', value: '', error: t('devPages.elements.sampleRefusal') },
        ].map(({ key, value, error }) => (
          <Formik key={key} initialValues={{ answer: value }} initialErrors={error ? { answer: error } : {}} initialTouched={error ? { answer: true } : {}} onSubmit={() => undefined}>
            <SelectField name="answer" labelId="devPages.elements.selectLabel" options={['yes', 'no']} optionPrefix="devPages" emptyId="devPages.elements.choose" idPrefix={`${lang}-${key}`} />
          </Formik>
        ))}
      </Sample>
      <Sample titleId="devPages.elements.stepper">
        <Stepper start={1} max={5} />
        <Stepper start={3} max={5} />
        <Stepper start={5} max={5} />
        <Stepper start={2} max={5} disabled />
      </Sample>
      <Sample titleId="devPages.elements.pager">
        <Pager meta={{ current_page: 1, last_page: 3, per_page: 10, total: 30 }} />
        <Pager meta={{ current_page: 2, last_page: 3, per_page: 10, total: 30 }} />
        <Pager meta={{ current_page: 3, last_page: 3, per_page: 10, total: 30 }} />
      </Sample>
      <Sample titleId="devPages.elements.chat">
        <div className="dev-row">
          <PartyAvatar name={sender.name} />
          <ChatSubjectLabel subject={{ type: 'product', id: 1, name: t('devPages.elements.sampleProduct') }} />
          <ChatSubjectLabel subject={{ type: 'product', id: 1, name: null }} />
        </div>
        <ul className="chat-messages">
          <MessageBubble message={message(1, t('devPages.elements.sampleText'))} mine={false} />
          <MessageBubble message={message(2, t('devPages.elements.sampleReply'))} mine />
          <PendingBubble message={{ client_id: `${lang}-a`, content: t('devPages.elements.sampleReply'), files: [], status: 'sending', error: null, created_at: now }} onRetry={() => undefined} />
          <PendingBubble message={{ client_id: `${lang}-b`, content: t('devPages.elements.sampleReply'), files: [], status: 'failed', error: refusal, created_at: now }} onRetry={() => undefined} />
        </ul>
        {/* Sending here is refused on purpose: the box shows the refusal state and keeps the draft. */}
        <Composer onSend={async () => refusal} allowFiles={false} inputProps={{ 'aria-label': t('devPages.elements.composerLabel') }} />
        <Composer onSend={async () => refusal} disabled allowFiles={false} inputProps={{ 'aria-label': t('devPages.elements.composerDisabled') }} />
      </Sample>
    </div>
  );
}
