/** Why this browser cannot take push yet (iPhone and iPad: the home screen first) or at all; nothing when it can. */
import type { PushSupport } from './alerts';

export default function PushSupportNote({ support }: { support: PushSupport | null }) {
  if (support === 'home-screen-first') {
    return (
      <p className="mt-2 text-sm text-mist" data-push-support="home-screen-first">
        On iPhone and iPad, push needs iOS 16.4 or later and the site on your home screen: tap Share, then Add to Home Screen, open Golazo
        from there and come back to this page.
      </p>
    );
  }
  if (support === 'unsupported') {
    return (
      <p className="mt-2 text-sm text-mist" data-push-support="unsupported">
        This browser cannot receive push notifications. Use WhatsApp alerts instead, or open the site in Chrome, Edge, Firefox or Safari.
      </p>
    );
  }
  return null;
}
