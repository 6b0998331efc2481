import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'react-redux';
import { requestOutsideStore } from '../../services/api';
import { statisticsParams, type StatisticsArgs } from './statistics-api';

/**
 * Downloads the report as CSV. A plain link cannot carry the bearer token, so the file is fetched
 * through the API's transport (headers, language: the CSV's headers follow it) and handed to the
 * browser as a download.
 */
export function CsvDownload({ args, from, to }: { args: StatisticsArgs; from: string; to: string }) {
  const intl = useIntl();
  const store = useStore();
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setFailed(false);
    const result = await requestOutsideStore({ url: '/statistics', params: { ...statisticsParams(args), format: 'csv' }, responseHandler: 'text' }, store, 'statisticsCsv');
    if (result.error) return setFailed(true);
    const url = URL.createObjectURL(new Blob([result.data as string], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `statistics-${from}-${to}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <p>
      <button type="button" className="button" onClick={download} data-testid="statistics-csv">
        {intl.formatMessage({ id: 'statistics.ui.csv' })}
      </button>
      {failed ? (
        <span role="alert" className="field-error">
          {' '}
          {intl.formatMessage({ id: 'common.unknownError' })}
        </span>
      ) : null}
    </p>
  );
}
