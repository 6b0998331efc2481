import { useEffect, useState } from 'react';
import type { BroadcastResource } from '../../../shared/api/admin-broadcasts';
import { BROADCAST_POLL_MS } from '../../../shared/api/admin-broadcasts-values';
import { needsPolling } from './broadcast-progress';

/** The polling interval for what is shown: every second while something is being sent, none otherwise. */
export function useProgressPolling(rows: BroadcastResource[] | undefined): number {
  const [interval, setPollingInterval] = useState(0);
  useEffect(() => {
    setPollingInterval(rows && needsPolling(rows) ? BROADCAST_POLL_MS : 0);
  }, [rows]);
  return interval;
}
