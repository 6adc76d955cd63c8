/** For anyone but the two players: only they and staff see the room; a signed-out player is asked to log in. */
import { useStore } from '@nanostores/react';
import { loginUrlFor } from '@/features/auth/auth';
import { localePath } from '@/lib/i18n/lang';
import { matchHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { MATCH_PAGE_WORDS } from '../match-page-words';

export function SpectatorNote({ matchId, signedIn }: { matchId: string; signedIn: boolean }) {
  const lang = useStore($lang);
  const w = MATCH_PAGE_WORDS[lang].spectator;
  return (
    <p className="text-sm text-mist" data-spectator-note>
      {signedIn ? (
        w.watching
      ) : (
        <>
          {w.playing}{' '}
          <a className="underline hover:text-lime" href={localePath(loginUrlFor(localePath(matchHref(matchId), lang)), lang)}>
            {w.logIn}
          </a>{' '}
          {w.toSee}
        </>
      )}
    </p>
  );
}
