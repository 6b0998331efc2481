import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { useGalleryInfiniteQuery } from '../works-api';
import { GalleryFilters } from './gallery-filters';
import { readGalleryParams } from './gallery-params';
import { readPlace, savePlace } from './keep-place';
import { WorkCard } from './work-card';

/**
 * Published works in a responsive grid, sorted and filtered by the URL, loaded by cursor a page
 * at a time with "show more"; coming back from a work restores the pages shown and the scroll.
 */
export function GalleryView({ contestId }: { contestId: number | null }) {
  const intl = useIntl();
  const location = useLocation();
  const [params] = useSearchParams();
  const filters = readGalleryParams(params, contestId);
  const gallery = useGalleryInfiniteQuery(filters);
  const pages = gallery.data?.pages ?? [];
  const works = pages.flatMap((page) => page.data);
  const total = pages[0]?.meta.total ?? 0;
  // The place to return to, read once per history entry.
  const entry = `${location.key}:${location.pathname}${location.search}`;
  const restoring = useRef<{ key: string; place: ReturnType<typeof readPlace> }>({ key: '', place: null });
  if (restoring.current.key !== entry) restoring.current = { key: entry, place: readPlace(entry) };

  const { hasNextPage, isFetching, fetchNextPage } = gallery;
  useEffect(() => {
    const place = restoring.current.place;
    if (!place || pages.length === 0) return;
    if (pages.length < place.pages && hasNextPage) {
      if (!isFetching) void fetchNextPage();
      return;
    }
    restoring.current.place = null;
    window.scrollTo(0, place.scrollY);
  }, [pages.length, hasNextPage, isFetching, fetchNextPage]);

  const remember = (shownPages = pages.length) => savePlace(entry, { pages: shownPages, scrollY: window.scrollY });

  return (
    <div className="gallery" data-testid="gallery">
      <GalleryFilters filters={filters} contestFixed={contestId !== null} />
      {gallery.isLoading ? (
        <PageLoading />
      ) : gallery.error && works.length === 0 ? (
        <ApiErrorText error={gallery.error} />
      ) : works.length === 0 ? (
        <p className="empty-state" data-testid="gallery-empty">
          {intl.formatMessage({ id: 'olympiadWorks.gallery.empty' })}
        </p>
      ) : (
        <>
          <p className="muted" role="status" data-testid="gallery-shown">
            {intl.formatMessage({ id: 'olympiadWorks.gallery.shown' }, { shown: works.length, total })}
          </p>
          <ul className="gallery-grid">
            {works.map((work, index) => (
              <WorkCard key={work.id} work={work} priority={index < 2} onOpen={() => remember()} />
            ))}
          </ul>
          {gallery.error ? <ApiErrorText error={gallery.error} /> : null}
          {hasNextPage ? (
            <div className="gallery-more">
              <button
                type="button"
                className="button"
                disabled={gallery.isFetchingNextPage}
                onClick={() => {
                  remember(pages.length + 1);
                  void fetchNextPage();
                }}
                data-testid="gallery-more"
              >
                {intl.formatMessage({ id: gallery.isFetchingNextPage ? 'olympiadWorks.gallery.loading' : 'olympiadWorks.gallery.more' })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
