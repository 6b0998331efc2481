import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ImportFormat, ImportReport } from '../../../../shared/api/olympiad-test-import';
import { IMPORT_MAX_CHARS } from '../../../../shared/validation/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { useImportQuestionsMutation, useStaffTestsQuery } from '../staff-tests-api';
import { TableHead } from '../../../olympiad/table-head';
import { inLanguage } from './in-language';
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

/** Staff upload a Moodle XML or GIFT question bank; the report says what was imported and what was skipped, and why. */
export default function StaffImportPage() {
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<'' | ImportFormat>('');
  const [category, setCategory] = useState('');
  const [testId, setTestId] = useState('');
  const [dryRun, setDryRun] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const { data: tests } = useStaffTestsQuery();
  const [run, { isLoading, error }] = useImportQuestionsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLocalError(null);
    setReport(null);
    if (!file) {
      setLocalError(intl.formatMessage({ id: 'olympiadTests.ui.import.chooseFile' }));
      return;
    }
    const content = await file.text();
    if (content.length > IMPORT_MAX_CHARS) {
      setLocalError(intl.formatMessage({ id: 'olympiadTests.ui.import.tooLarge' }, { max: IMPORT_MAX_CHARS }));
      return;
    }
    try {
      const result = await run({
        content,
        filename: file.name.slice(0, 255),
        format: format || undefined,
        category: category.trim() || undefined,
        test_id: testId ? Number(testId) : undefined,
        dry_run: dryRun,
      }).unwrap();
      setReport(result);
    } catch {
      // The mutation's error shows below the form.
    }
  };

  return (
    <StaffFrame titleId="olympiadTests.ui.staff.import">
      <form className="form narrow staff-card" onSubmit={submit} noValidate data-testid="import-form">
        <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.import.intro' })}</p>
        <div className="form-field">
          <label htmlFor="import-file">{intl.formatMessage({ id: 'olympiadTests.ui.import.file' })}</label>
          <input id="import-file" type="file" accept=".xml,.gift,.txt,text/xml,text/plain" onChange={(event) => setFile(event.target.files?.[0] ?? null)} data-testid="import-file" />
        </div>
        <div className="form-field">
          <label htmlFor="import-format">{intl.formatMessage({ id: 'olympiadTests.ui.import.formatLabel' })}</label>
          <select id="import-format" value={format} onChange={(event) => setFormat(event.target.value as '' | ImportFormat)}>
            <option value="">{intl.formatMessage({ id: 'olympiadTests.ui.import.format.auto' })}</option>
            <option value="moodle_xml">{intl.formatMessage({ id: 'olympiadTests.ui.import.format.moodle_xml' })}</option>
            <option value="gift">{intl.formatMessage({ id: 'olympiadTests.ui.import.format.gift' })}</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="import-category">{intl.formatMessage({ id: 'olympiadTests.ui.import.category' })}</label>
          <input id="import-category" value={category} maxLength={255} onChange={(event) => setCategory(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor="import-test">{intl.formatMessage({ id: 'olympiadTests.ui.import.test' })}</label>
          <select id="import-test" value={testId} onChange={(event) => setTestId(event.target.value)}>
            <option value="">{intl.formatMessage({ id: 'olympiadTests.ui.import.noTest' })}</option>
            {(tests ?? []).map((test) => (
              <option key={test.id} value={String(test.id)}>
                {inLanguage(intl.locale, test.title, test.title_en)} ({intl.formatMessage({ id: `olympiad.stage.${test.stage_kind}` })})
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox-row">
          <input type="checkbox" checked={dryRun} onChange={() => setDryRun(!dryRun)} />
          {intl.formatMessage({ id: 'olympiadTests.ui.import.dryRun' })}
        </label>
        {localError ? (
          <p className="form-error" role="alert">
            {localError}
          </p>
        ) : null}
        <ApiErrorText error={error} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isLoading} data-testid="import-submit">
            {intl.formatMessage({ id: isLoading ? 'olympiadTests.ui.import.running' : 'olympiadTests.ui.import.submit' })}
          </button>
        </div>
      </form>
      {report ? <ImportReportView report={report} /> : null}
    </StaffFrame>
  );
}
