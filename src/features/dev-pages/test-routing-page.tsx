import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ROUTES, type RouteEntry } from '../../../shared/routes';
import { PageTitle } from '../../components/page-title';
import './dev-pages.css';

/** A path with its parameters filled in, so every row can be followed (`/products/:id` → `/products/1`). */
export function samplePath(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '1');
}

/** `/test-routing`: every route of the table (shared/routes.ts) with its guard and a link, for a tester walking the app. */
export default function TestRoutingPage() {
  const intl = useIntl();
  const label = (route: RouteEntry) => (route.screen ? 'devPages.routing.built' : 'devPages.routing.notBuilt');
  return (
    <section className="dev-page">
      <PageTitle id="devPages.routing.title" />
      <p>{intl.formatMessage({ id: 'devPages.routing.intro' }, { count: ROUTES.length })}</p>
      <div className="dev-table-wrap">
        <table className="dev-table" data-testid="route-table">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'devPages.routing.name' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'devPages.routing.path' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'devPages.routing.guard' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'devPages.routing.state' })}</th>
            </tr>
          </thead>
          <tbody>
            {ROUTES.map((route) => (
              <tr key={route.name} data-route={route.name}>
                <td>
                  <code>{route.name}</code>
                </td>
                <td>
                  <Link to={samplePath(route.path)}>{route.path}</Link>
                </td>
                <td>
                  {intl.formatMessage({ id: `devPages.guard.${route.guard}` })}
                  {route.entity && ` · ${intl.formatMessage({ id: 'devPages.routing.entity' }, { entity: intl.formatMessage({ id: `devPages.entity.${route.entity}` }) })}`}
                </td>
                <td>{intl.formatMessage({ id: label(route) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
