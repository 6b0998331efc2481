import { useIntl } from 'react-intl';
import type { RatingRow } from '../../../shared/api/olympiad-rating';
import { TableScroll } from '../../components/table-scroll';
import { splitSeconds } from '../../olympiad/format-duration';
import { TableHead } from '../../olympiad/table-head';

const COLUMNS = ['place', 'participant', 'category', 'total', 'test', 'speed', 'essay', 'final', 'creative', 'time'] as const;

function Row({ row, mine }: { row: RatingRow; mine: boolean }) {
  const intl = useIntl();
  const points = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 2 });
  return (
    <tr className={mine ? 'rating-mine' : undefined} aria-current={mine ? 'true' : undefined} data-testid={mine ? 'rating-my-row' : `rating-row-${row.participant.id}`}>
      <td className="rating-place">{row.place}</td>
      <th scope="row">
        {row.participant.public_name}
        {mine ? <span className="rating-you"> ({intl.formatMessage({ id: 'olympiadRating.you' })})</span> : null}
      </th>
      <td>{intl.formatMessage({ id: `olympiadRating.categoryShort.${row.participant.category}` })}</td>
      <td className="rating-total">{points(row.total_points)}</td>
      <td>{points(row.test_points)}</td>
      <td>{points(row.speed_points)}</td>
      <td>{points(row.essay_points)}</td>
      <td>{points(row.final_points)}</td>
      <td>{points(row.creative_points)}</td>
      <td>{intl.formatMessage({ id: 'olympiadTests.ui.duration' }, splitSeconds(row.time_spent_seconds))}</td>
    </tr>
  );
}

interface RatingTableProps {
  rows: RatingRow[];
  me: RatingRow | null;
  caption: string;
}

/**
 * The rating as a table with header cells (place and name head each row).
 * My row is marked wherever it is; when it is on another page it is pinned
 * under the page's rows, in a group of its own that says so.
 */
export function RatingTable({ rows, me, caption }: RatingTableProps) {
  const intl = useIntl();
  const mineHere = me !== null && rows.some((row) => row.participant.id === me.participant.id);
  return (
    <TableScroll>
      <table className="stats-table rating-table" data-testid="rating-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={COLUMNS} prefix="olympiadRating.column" />
        <tbody>
          {rows.map((row) => (
            <Row key={row.participant.id} row={row} mine={row.participant.id === me?.participant.id} />
          ))}
        </tbody>
        {me && !mineHere ? (
          <tbody className="rating-pinned" data-testid="rating-pinned">
            <tr>
              <th scope="rowgroup" colSpan={COLUMNS.length}>
                {intl.formatMessage({ id: 'olympiadRating.myRowPinned' })}
              </th>
            </tr>
            <Row row={me} mine />
          </tbody>
        ) : null}
      </table>
    </TableScroll>
  );
}
