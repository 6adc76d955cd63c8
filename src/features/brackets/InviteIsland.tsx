/**
 * The page an invited player opens (`/invite/?token=…`): which tournament, who invited them, and
 * "Accept this place". Signed-out visitors sign in first and come back to the same link. A refusal says
 * why in the player's words, with a link to the profile when the profile is what stands in the way.
 */
import { profileHref } from '@/lib/profile-return';
import { anyTournamentHref, ROUTES } from '@/lib/routes';
import { whenIST } from '@/lib/format';
import { useInvitation } from './use-invitation';

export default function InviteIsland() {
  const { session, state, accept } = useInvitation();

  if (state.status === 'loading') {
    return (
      <p className="text-mist" aria-busy="true">
        Loading your invitation…
      </p>
    );
  }
  if (state.status === 'missing' || state.status === 'not-found') {
    return (
      <div className="card p-6" data-invitation="missing">
        <p className="font-semibold">
          {state.status === 'missing' ? 'This page needs the link from your invitation. Open the link you were sent again.' : state.message}
        </p>
        <p className="mt-2">
          <a href={ROUTES.tournaments.path} className="underline hover:text-lime">
            See every tournament
          </a>
        </p>
      </div>
    );
  }

  const { invitation } = state;
  const from = invitation.buyer_in_game_name ?? 'A player';
  return (
    <div className="card p-6" data-invitation={invitation.status}>
      <p className="text-mist">{from} bought a place for you in</p>
      <p className="mt-1 text-2xl font-bold">
        <a href={anyTournamentHref(invitation.tournament_id)} className="hover:text-lime">
          {invitation.tournament_title}
        </a>
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl bg-night/60 p-3">
          <dt className="text-xs font-bold tracking-wider text-mist uppercase">Starts</dt>
          <dd className="mt-1 font-bold">{whenIST(invitation.starts_at)}</dd>
        </div>
        <div className="rounded-2xl bg-night/60 p-3">
          <dt className="text-xs font-bold tracking-wider text-mist uppercase">Accept and check in by</dt>
          <dd className="mt-1 font-bold">{whenIST(invitation.check_in_closes_at)}</dd>
        </div>
      </dl>
      <div className="mt-5">
        {state.status === 'accepted' ? (
          <div role="status">
            <p className="font-semibold text-lime">This place is yours.</p>
            <p className="mt-1 text-mist">
              Check in before {whenIST(invitation.check_in_closes_at)} on{' '}
              <a href={ROUTES.myTournaments.path} className="underline hover:text-lime">
                My Tournaments
              </a>{' '}
              or the tournament&apos;s page, or the place is withdrawn.
            </p>
          </div>
        ) : invitation.status === 'accepted' ? (
          <p className="font-semibold">This invitation has already been accepted.</p>
        ) : invitation.status === 'withdrawn' ? (
          <p className="font-semibold">This place was withdrawn: it was not taken before check-in closed.</p>
        ) : (
          <>
            <p className="text-sm text-mist">
              The place is played by your own account: prizes and reports are yours. You need a complete profile, and paid tournaments are
              for players 18 and over who live in India.
            </p>
            <button
              type="button"
              className="btn btn-primary mt-3 w-full sm:w-auto"
              disabled={state.status === 'accepting' || session.status === 'loading'}
              aria-busy={state.status === 'accepting'}
              onClick={() => void accept(state.token, invitation)}
            >
              {session.status === 'signed-in' || session.status === 'loading' ? 'Accept this place' : 'Sign in to accept this place'}
            </button>
            {state.status === 'refused' && (
              <p role="alert" className="mt-3 font-semibold text-danger">
                {state.message}
                {state.profile && (
                  <>
                    {' '}
                    <a href={profileHref(`${window.location.pathname}${window.location.search}`)} className="underline">
                      Complete your profile
                    </a>
                  </>
                )}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
