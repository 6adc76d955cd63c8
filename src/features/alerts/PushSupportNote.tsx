/**
 * Why this browser cannot take push yet (iPhone and iPad: the home screen first) or at all; nothing when it can.
 * Its words come with the alert settings' data (alert-words.ts AlertDataWords), as the browser check does.
 */
import type { AlertDataWords } from './alert-words';
import type { PushSupport } from './alerts';

// The product's name as the home screen shows it (settings.ts productName, without the site's settings module).
const PRODUCT = 'Golazo';

export default function PushSupportNote({ support, words }: { support: PushSupport | null; words: AlertDataWords | null }) {
  if (!words) return null;
  if (support === 'home-screen-first') {
    return (
      <p className="mt-2 text-sm text-mist" data-push-support="home-screen-first">
        {words.support.homeScreenFirst(PRODUCT)}
      </p>
    );
  }
  if (support === 'unsupported') {
    return (
      <p className="mt-2 text-sm text-mist" data-push-support="unsupported">
        {words.support.unsupported}
      </p>
    );
  }
  return null;
}
