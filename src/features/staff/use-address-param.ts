/**
 * A choice kept in the address (`?t=<tournament>`, `?dispute=<match>`), so a link sent to a colleague opens
 * the same panel. The address is read after the first render (the build has none); a new choice replaces
 * the history entry and brings `scrollTargetId` into view once it has rendered.
 */
import { useCallback, useEffect, useState } from 'react';

export function useAddressParam(name: string, scrollTargetId: string): [string | null, (value: string | null) => void] {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => setValue(new URLSearchParams(window.location.search).get(name)), [name]);

  const choose = useCallback(
    (next: string | null) => {
      setValue(next);
      const url = new URL(window.location.href);
      if (next) url.searchParams.set(name, next);
      else url.searchParams.delete(name);
      window.history.replaceState(null, '', url);
      if (next) requestAnimationFrame(() => document.getElementById(scrollTargetId)?.scrollIntoView({ block: 'start' }));
    },
    [name, scrollTargetId],
  );
  return [value, choose];
}
