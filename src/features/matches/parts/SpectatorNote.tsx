/** For anyone but the two players: only they and staff see the room; a signed-out player is asked to log in. */
import { loginUrlFor } from '@/features/auth/auth';
import { matchHref } from '@/lib/routes';

export function SpectatorNote({ matchId, signedIn }: { matchId: string; signedIn: boolean }) {
  return (
    <p className="text-sm text-mist" data-spectator-note>
      {signedIn ? (
        'You are watching this match: only its two players and staff see the room.'
      ) : (
        <>
          Playing this match?{' '}
          <a className="underline hover:text-lime" href={loginUrlFor(matchHref(matchId))}>
            Log in
          </a>{' '}
          to see the room and report the result.
        </>
      )}
    </p>
  );
}
