/** Shows `message` as an error toast once, when `load` fails: the page's own line says it too, the toast makes sure it is seen. */
import { useEffect } from 'react';
import type { Load } from '@/lib/load-state';
import { showToast } from '@/stores/toast';

export function useToastOnError(load: Load<unknown>, message: string): void {
  const failed = load.status === 'error';
  useEffect(() => {
    if (failed) showToast(message, 'error');
  }, [failed, message]);
}
