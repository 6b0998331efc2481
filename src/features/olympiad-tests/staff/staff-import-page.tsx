import { Field, Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ImportFormat, ImportReport } from '../../../../shared/api/olympiad-test-import';
import { importFormSchema, type ImportFile } from '../../../../shared/validation/olympiad-test-import';
import { CATEGORY_MAX } from '../../../../shared/validation/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { SelectField } from '../../../components/forms/select-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { useImportQuestionsMutation, useStaffTestsQuery } from '../staff-tests-api';
import { TableHead } from '../../../olympiad/table-head';
import { inLanguage } from './in-language';
import { ImportFileField } from './import-file-field';
import { StaffFrame } from './staff-frame';

function ImportReportView({ report }: { report: ImportReport }) {
  const intl = useIntl();
  return (
    <section className="staff-card" data-testid="import-report">
      <h2>
        {intl.formatMessage(
          { id: report.dry_run ? 'olympiadTests.ui.import.checked' : 'olympiadTests.ui.import.done' },
          { imported: report.imported.length, skipped: report.skipped.length, format: intl.formatMessage({ id: `olympiadTests.ui.import.format.${report.format}` }) },
        )}
      </h2>
      {report.imported.length ? (
        <>
          <h3>{intl.formatMessage({ id: 'olympiadTests.ui.import.imported' }, { count: report.imported.length })}</h3>
          <table className="stats-table" data-testid="import-imported">
            <TableHead columns={['source', 'name', 'type', 'category']} prefix="olympiadTests.ui.import.column" />
            <tbody>
              {report.imported.map((row, index) => (
                <tr key={`${row.source}-${index}`}>
                  <td>{row.source}</td>
                  <td>{row.name}</td>
                  <td>{intl.formatMessage({ id: `olympiadTests.ui.type.${row.type}` })}</td>
                  <td>{row.category || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {report.skipped.length ? (
        <>
          <h3>{intl.formatMessage({ id: 'olympiadTests.ui.import.skipped' }, { count: report.skipped.length })}</h3>
          <table className="stats-table" data-testid="import-skipped">
            <TableHead columns={['source', 'name', 'reason']} prefix="olympiadTests.ui.import.column" />
            <tbody>
              {report.skipped.map((row, index) => (
                <tr key={`${row.source}-${index}`}>
                  <td>{row.source}</td>
                  <td>{row.name ?? '—'}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

interface ImportValues {
  file: ImportFile | null;
  format: '' | ImportFormat;
  category: string;
  test_id: string;
  dry_run: boolean;
}

const blank: ImportValues = { file: null, format: '', category: '', test_id: '', dry_run: false };
const FORMATS: readonly ImportFormat[] = ['moodle_xml', 'gift'];

/** Staff upload a Moodle XML or GIFT question bank; the report says what was imported and what was skipped, and why. */
export default function StaffImportPage() {
  const intl = useIntl();
  const [report, setReport] = useState<ImportReport | null>(null);
  const { data: tests } = useStaffTestsQuery();
  const [run] = useImportQuestionsMutation();
  const verdicts = useServerVerdicts(validateWith(importFormSchema, (values: ImportValues) => values));

  return (
    <StaffFrame titleId="olympiadTests.ui.staff.import">
      <Formik<ImportValues>
        initialValues={blank}
        validate={verdicts.validate}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(undefined);
          setReport(null);
          const { file } = values;
          if (!file) return;
          try {
            const result = await run({
              content: file.content,
              filename: file.name.slice(0, 255),
              format: values.format || undefined,
              category: values.category.trim() || undefined,
              test_id: values.test_id ? Number(values.test_id) : undefined,
              dry_run: values.dry_run,
            }).unwrap();
            setReport(result);
          } catch (failure) {
            // The server names the file's text `content` (an unreadable or empty bank): that is the file field here.
            if (!verdicts.applyServerErrors(failure, values, helpers, { content: 'file', filename: 'file' })) helpers.setStatus(failure);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form className="form narrow staff-card" noValidate data-testid="import-form">
            <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.import.intro' })}</p>
            <ImportFileField name="file" labelId="olympiadTests.ui.import.file" />
            <SelectField
              name="format"
              idPrefix="import"
              labelId="olympiadTests.ui.import.formatLabel"
              emptyId="olympiadTests.ui.import.format.auto"
              options={FORMATS}
              optionPrefix="olympiadTests.ui.import.format"
            />
            <FormField name="category" idPrefix="import" labelId="olympiadTests.ui.import.category" maxLength={CATEGORY_MAX} />
            <SelectField name="test_id" idPrefix="import" labelId="olympiadTests.ui.import.test" emptyId="olympiadTests.ui.import.noTest">
              {(tests ?? []).map((test) => (
                <option key={test.id} value={String(test.id)}>
                  {inLanguage(intl.locale, test.title, test.title_en)} ({intl.formatMessage({ id: `olympiad.stage.${test.stage_kind}` })})
                </option>
              ))}
            </SelectField>
            <label className="checkbox-row">
              <Field type="checkbox" name="dry_run" />
              {intl.formatMessage({ id: 'olympiadTests.ui.import.dryRun' })}
            </label>
            <ApiErrorText error={status} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="import-submit">
                {intl.formatMessage({ id: isSubmitting ? 'olympiadTests.ui.import.running' : 'olympiadTests.ui.import.submit' })}
              </button>
            </div>
          </Form>
        )}
      </Formik>
      {report ? <ImportReportView report={report} /> : null}
    </StaffFrame>
  );
}
