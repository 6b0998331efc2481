import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One block of the dashboard: a titled section with a link to the screen that has the whole of it; a `wide` one takes a whole row. */
export function DashboardCard({ id, title, more, wide, children }: { id: string; title: string; more?: { to: string; label: string }; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? 'seller-card is-wide' : 'seller-card'} aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {more ? (
        <p className="seller-card-more">
          <Link to={more.to}>{more.label}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** What to do next when a block has nothing to show. */
export function NextStep({ text, to, label, testId }: { text: string; to: string; label: string; testId: string }) {
  return (
    <p className="seller-empty" data-testid={testId}>
      {text}{' '}
      <Link to={to}>{label}</Link>
    </p>
  );
}
