import { useCallback, useMemo, useState } from 'react';

/** The rows chosen for a bulk action; a new page or filter starts with none chosen (the caller passes its key). */
export function useSelection(resetKey: string) {
  const [state, setState] = useState<{ key: string; chosen: Set<number> }>({ key: resetKey, chosen: new Set() });
  const chosen = useMemo(() => (state.key === resetKey ? state.chosen : new Set<number>()), [state, resetKey]);
  const toggle = useCallback(
    (id: number) =>
      setState((current) => {
        const next = new Set(current.key === resetKey ? current.chosen : []);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return { key: resetKey, chosen: next };
      }),
    [resetKey],
  );
  const toggleAll = useCallback(
    (ids: number[]) =>
      setState((current) => {
        const before = current.key === resetKey ? current.chosen : new Set<number>();
        const all = ids.every((id) => before.has(id));
        return { key: resetKey, chosen: all ? new Set() : new Set(ids) };
      }),
    [resetKey],
  );
  const clear = useCallback(() => setState({ key: resetKey, chosen: new Set() }), [resetKey]);
  return useMemo(() => ({ chosen, toggle, toggleAll, clear }), [chosen, toggle, toggleAll, clear]);
}
