import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { SearchSynonymResource } from '../../../shared/api/search-synonyms';
import { SEARCH_EDITORS } from '../../../shared/roles';
import { ApiErrorText } from '../../components/api-error-text';
import { PageTitle } from '../../components/page-title';
import { RoleOnly } from '../../session/role-only';
import { SynonymForm } from './synonym-form';
import { useCreateSearchSynonymMutation, useDeleteSearchSynonymMutation, useSearchSynonymsQuery, useUpdateSearchSynonymMutation } from './synonyms-api';
import './synonyms.css';

/** `/admin/synonyms`: the words search treats as meaning the same ("телефон" finds smartphones), kept by admins and moderators. */
export default function SynonymsPage() {
  return <RoleOnly roles={SEARCH_EDITORS}>{() => <Synonyms />}</RoleOnly>;
}

/** One thing open at a time: the new row's form, or one row's form. */
type Open = { kind: 'new' } | { kind: 'edit'; id: number } | null;

function Synonyms() {
  const intl = useIntl();
  const { data: rows, error, isLoading } = useSearchSynonymsQuery();
  const [create] = useCreateSearchSynonymMutation();
  const [update] = useUpdateSearchSynonymMutation();
  const [remove, removal] = useDeleteSearchSynonymMutation();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState('');
  const finish = (noticeId?: string) => {
    setOpen(null);
    setNotice(noticeId ? intl.formatMessage({ id: noticeId }) : '');
  };
  const onDelete = async (row: SearchSynonymResource) => {
    if (!window.confirm(intl.formatMessage({ id: 'searchSynonyms.confirmDelete' }, { terms: row.terms.join(', ') }))) return;
    const result = await remove(row.id);
    if (!('error' in result)) finish('searchSynonyms.deleted');
  };

  return (
    <div className="synonyms-page" data-testid="synonyms-page">
      <PageTitle id="searchSynonyms.title" />
      <p className="muted">{intl.formatMessage({ id: 'searchSynonyms.intro' })}</p>
      {open?.kind === 'new' ? (
        <section aria-labelledby="synonym-new-heading">
          <h2 id="synonym-new-heading">{intl.formatMessage({ id: 'searchSynonyms.new' })}</h2>
          <SynonymForm save={create} onSaved={() => finish('searchSynonyms.added')} onCancel={() => finish()} />
        </section>
      ) : (
        <button type="button" className="button button-primary" disabled={open !== null} data-testid="synonym-add" onClick={() => setOpen({ kind: 'new' })}>
          {intl.formatMessage({ id: 'searchSynonyms.add' })}
        </button>
      )}
      <p className="form-success" role="status" data-testid="synonym-notice">
        {notice}
      </p>
      <ApiErrorText error={error ?? removal.error} />
      {isLoading ? <p className="muted">{intl.formatMessage({ id: 'common.loading' })}</p> : null}
      {rows && rows.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'searchSynonyms.empty' })}</p> : null}
      <ul className="synonyms-list" aria-label={intl.formatMessage({ id: 'searchSynonyms.title' })} data-testid="synonyms-list">
        {(rows ?? []).map((row) => (
          <li key={row.id} className="synonyms-row" data-testid="synonym-row">
            {open?.kind === 'edit' && open.id === row.id ? (
              <SynonymForm row={row} save={(body) => update({ id: row.id, ...body })} onSaved={() => finish('searchSynonyms.saved')} onCancel={() => finish()} />
            ) : (
              <>
                <p className="synonyms-words">
                  <span className="synonyms-terms">{row.terms.join(', ')}</span>
                  {row.expansions.length ? (
                    <span className="muted">
                      {' '}
                      {intl.formatMessage({ id: 'searchSynonyms.alsoFinds' }, { words: row.expansions.join(', ') })}
                    </span>
                  ) : null}
                </p>
                <div className="synonyms-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={open !== null}
                    aria-label={intl.formatMessage({ id: 'searchSynonyms.editRow' }, { terms: row.terms.join(', ') })}
                    onClick={() => setOpen({ kind: 'edit', id: row.id })}
                  >
                    {intl.formatMessage({ id: 'searchSynonyms.edit' })}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={open !== null || removal.isLoading}
                    aria-label={intl.formatMessage({ id: 'searchSynonyms.deleteRow' }, { terms: row.terms.join(', ') })}
                    onClick={() => void onDelete(row)}
                  >
                    {intl.formatMessage({ id: 'searchSynonyms.delete' })}
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
