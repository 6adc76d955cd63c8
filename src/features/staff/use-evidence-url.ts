/** A short-lived link to a report's screenshot in the private evidence bucket (null: it could not be signed). */
import type { Load } from '@/lib/load-state';
import { useLoad } from '@/lib/use-island-data';
import { STAFF_MESSAGES } from './staff';

export function useEvidenceUrl(path: string | null): Load<string | null> {
  const [url] = useLoad(
    () => (path ? import('./staff.api').then((calls) => calls.evidenceUrl(path)) : Promise.resolve(null)),
    path,
    STAFF_MESSAGES,
  );
  return url;
}
