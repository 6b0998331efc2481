import { useFormikContext, getIn, type FormikValues } from 'formik';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * The optional English version of what a seller writes, behind "Add an English version": a
 * private seller is not asked to write everything twice, yet a reader of English sees the
 * English texts wherever they exist. It opens by itself when one of its fields holds text (an
 * edit, a kept draft) or an error, so nothing typed or refused is ever hidden.
 */
export function EnglishVersion({ names, children }: { names: string[]; children: ReactNode }) {
  const intl = useIntl();
  const { values, errors, submitCount } = useFormikContext<FormikValues>();
  const filled = names.some((name) => Boolean(getIn(values, name)));
  const refused = submitCount > 0 && names.some((name) => Boolean(getIn(errors, name)));
  const [open, setOpen] = useState(filled);
  useEffect(() => {
    if (filled || refused) setOpen(true);
  }, [filled, refused]);
  return (
    <details className="cat-english" open={open} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="english-version">
      <summary>{intl.formatMessage({ id: 'catalog.ui.form.englishVersion' })}</summary>
      <p className="cat-muted">{intl.formatMessage({ id: 'catalog.ui.form.englishVersionHint' })}</p>
      {children}
    </details>
  );
}
