import type { ReactNode } from 'react';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import '../olympiad-tests.css';

/** The olympiad's navigation above a page of tests, as on the rest of the olympiad area. */
export function TestsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="olympiad-page">
      <OlympiadNav />
      {children}
    </div>
  );
}
