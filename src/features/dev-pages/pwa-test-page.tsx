import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { PageTitle } from '../../components/page-title';
import { installState, onInstallStateChange, promptInstall } from '../../services/install-prompt';
import { activateWaitingWorker } from '../../services/service-worker';
import {
  cacheSizes,
  checkForUpdate,
  clearCaches,
  readWorker,
  rootRegistration,
  unregisterWorker,
  watchWorker,
  workerVersion,
  type CacheSize,
  type WorkerSnapshot,
} from '../../services/service-worker-state';
import './dev-pages.css';

type Outcome = { id: string; values?: Record<string, string> } | null;

/**
 * `/pwa-test`: the service worker as a tester needs to see it (state, version, caches, the install
 * offer) and the buttons to drive it (check for an update, take the waiting one, clear, unregister).
 * SPEC §2 keeps it out of the route guard: it opens for anyone, signed in or not.
 */
export default function PwaTestPage() {
  const intl = useIntl();
  const [worker, setWorker] = useState<WorkerSnapshot | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [caches, setCaches] = useState<CacheSize[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const install = useSyncExternalStore(onInstallStateChange, installState);
  const [online, setOnline] = useState(() => navigator.onLine);

  const refresh = useCallback(async () => {
    const snapshot = await readWorker();
    setWorker(snapshot);
    setCaches(await cacheSizes());
    setVersion(snapshot.scriptUrl ? await workerVersion(snapshot.scriptUrl).catch(() => null) : null);
  }, []);

  useEffect(() => {
    void refresh();
    const stop = watchWorker(() => void refresh());
    const onLine = () => setOnline(navigator.onLine);
    window.addEventListener('online', onLine);
    window.addEventListener('offline', onLine);
    return () => {
      stop();
      window.removeEventListener('online', onLine);
      window.removeEventListener('offline', onLine);
    };
  }, [refresh]);

  const run = (action: () => Promise<Outcome>) => async () => {
    setBusy(true);
    try {
      setOutcome(await action());
    } catch (error) {
      setOutcome({ id: 'devPages.pwa.failed', values: { reason: error instanceof Error ? error.message : String(error) } });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const state = (value: string | null) => (value ? intl.formatMessage({ id: `devPages.pwa.workerState.${value}` }) : '—');
  const size = (bytes: number) => intl.formatNumber(bytes / 1024, { maximumFractionDigits: 1 });
  const yesNo = (value: boolean) => intl.formatMessage({ id: value ? 'devPages.yes' : 'devPages.no' });

  return (
    <section className="dev-page">
      <PageTitle id="devPages.pwa.title" />
      <h2>{intl.formatMessage({ id: 'devPages.pwa.worker' })}</h2>
      {worker === null ? (
        <p>{intl.formatMessage({ id: 'common.loading' })}</p>
      ) : (
        <dl className="dev-facts" data-testid="pwa-worker">
          <dt>{intl.formatMessage({ id: 'devPages.pwa.supported' })}</dt>
          <dd>{yesNo(worker.supported)}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.scope' })}</dt>
          <dd>{worker.scope ?? intl.formatMessage({ id: 'devPages.pwa.notRegistered' })}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.version' })}</dt>
          <dd data-testid="pwa-version">{version ?? '—'}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.active' })}</dt>
          <dd data-testid="pwa-active">{state(worker.active)}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.waiting' })}</dt>
          <dd>{state(worker.waiting)}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.installing' })}</dt>
          <dd>{state(worker.installing)}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.controlled' })}</dt>
          <dd>{yesNo(worker.controlled)}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.online' })}</dt>
          <dd>{yesNo(online)}</dd>
          <dt>{intl.formatMessage({ id: 'devPages.pwa.install' })}</dt>
          <dd data-testid="pwa-install">{intl.formatMessage({ id: `devPages.pwa.installState.${install}` })}</dd>
        </dl>
      )}
      <div className="dev-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || !worker?.scope}
          onClick={run(async () => ({ id: (await checkForUpdate()) ? 'devPages.pwa.updateFound' : 'devPages.pwa.upToDate' }))}
        >
          {intl.formatMessage({ id: 'devPages.pwa.checkUpdate' })}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !worker?.waiting}
          onClick={run(async () => {
            const registration = await rootRegistration();
            if (registration) activateWaitingWorker(registration);
            return { id: 'devPages.pwa.activating' };
          })}
        >
          {intl.formatMessage({ id: 'devPages.pwa.activate' })}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || install !== 'offered'}
          onClick={run(async () => {
            const choice = await promptInstall();
            return { id: choice === 'accepted' ? 'devPages.pwa.installAccepted' : 'devPages.pwa.installDismissed' };
          })}
        >
          {intl.formatMessage({ id: 'devPages.pwa.installButton' })}
        </button>
        <button type="button" className="button" disabled={busy} onClick={run(async () => (await clearCaches(), { id: 'devPages.pwa.cleared' }))}>
          {intl.formatMessage({ id: 'devPages.pwa.clearCaches' })}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !worker?.scope}
          onClick={run(async () => ({ id: (await unregisterWorker()) ? 'devPages.pwa.unregistered' : 'devPages.pwa.notRegistered' }))}
        >
          {intl.formatMessage({ id: 'devPages.pwa.unregister' })}
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {intl.formatMessage({ id: 'devPages.pwa.reload' })}
        </button>
      </div>
      <p role="status" data-testid="pwa-outcome">
        {outcome ? intl.formatMessage({ id: outcome.id }, outcome.values) : ''}
      </p>
      <h2>{intl.formatMessage({ id: 'devPages.pwa.caches' })}</h2>
      {caches === null ? null : caches.length === 0 ? (
        <p>{intl.formatMessage({ id: 'devPages.pwa.noCaches' })}</p>
      ) : (
        <div className="dev-table-wrap">
          <table className="dev-table" data-testid="pwa-caches">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'devPages.pwa.cacheName' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'devPages.pwa.cacheEntries' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'devPages.pwa.cacheSize' })}</th>
              </tr>
            </thead>
            <tbody>
              {caches.map((cache) => (
                <tr key={cache.name}>
                  <td>
                    <code>{cache.name}</code>
                  </td>
                  <td>{intl.formatNumber(cache.entries)}</td>
                  <td>{intl.formatMessage({ id: 'devPages.pwa.kib' }, { size: size(cache.bytes) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
