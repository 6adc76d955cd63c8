/** Why this browser cannot take push yet (iPhone and iPad: the home screen first) or at all; nothing when it can. */
import { useMessages } from '@/lib/i18n/use-messages';
import { ALERT_WORDS } from './alert-words';
import type { PushSupport } from './alerts';

// The product's name as the home screen shows it (settings.ts productName, without the site's settings module).
const PRODUCT = 'Golazo';

export default function PushSupportNote({ support }: { support: PushSupport | null }) {
  const w = useMessages(ALERT_WORDS).alerts;
  if (support === 'home-screen-first') {
    return (
      <p className="mt-2 text-sm text-mist" data-push-support="home-screen-first">
        {w.homeScreenFirst(PRODUCT)}
      </p>
    );
  }
  if (support === 'unsupported') {
    return (
      <p className="mt-2 text-sm text-mist" data-push-support="unsupported">
        {w.unsupported}
      </p>
    );
  }
  return null;
}
