/**
 * The page an invited player opens (`/invite/?token=…`): which tournament, who invited them, and
 * "Accept this place". Signed-out visitors sign in first and come back to the same link. A refusal says
 * why in the player's words, with a link to the profile when the profile is what stands in the way.
 */
import { useStore } from '@nanostores/react';
import { whenIn } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/lang';
import { useMessages } from '@/lib/i18n/use-messages';
import { profileHref } from '@/lib/profile-return';
import { anyTournamentHref, ROUTES } from '@/lib/routes';
import { PAID_ENTRY_MIN_AGE } from '@/lib/rules';
import { $lang } from '@/stores/lang';
import { INVITE_WORDS } from './invite-words';
import { useInvitation } from './use-invitation';

export default function InviteIsland() {
  const { session, state, accept } = useInvitation();
  const w = useMessages(INVITE_WORDS);
  const lang = useStore($lang);

  if (state.status === 'loading') {
    return (
      <p className="text-mist" aria-busy="true">
        {w.loading}
      </p>
    );
  }
  if (state.status === 'missing' || state.status === 'not-found') {
    return (
      <div className="card p-6" data-invitation="missing">
        <p className="font-semibold">{state.status === 'missing' ? w.missing : state.message}</p>
        <p className="mt-2">
          <a href={localePath(ROUTES.tournaments.path, lang)} className="underline hover:text-lime">
            {w.seeAll}
          </a>
        </p>
      </div>
    );
  }

  const { invitation } = state;
  const [beforeLink, linkText, afterLink] = w.checkInBefore(whenIn(lang, invitation.check_in_closes_at));
  return (
    <div className="card p-6" data-invitation={invitation.status}>
      <p className="text-mist">{w.boughtFor(invitation.buyer_in_game_name ?? null)}</p>
      <p className="mt-1 text-2xl font-bold">
        <a href={localePath(anyTournamentHref(invitation.tournament_id), lang)} className="hover:text-lime">
          {invitation.tournament_title}
        </a>
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl bg-night/60 p-3">
          <dt className="text-xs font-bold tracking-wider text-mist uppercase">{w.starts}</dt>
          <dd className="mt-1 font-bold">{whenIn(lang, invitation.starts_at)}</dd>
        </div>
        <div className="rounded-2xl bg-night/60 p-3">
          <dt className="text-xs font-bold tracking-wider text-mist uppercase">{w.acceptBy}</dt>
          <dd className="mt-1 font-bold">{whenIn(lang, invitation.check_in_closes_at)}</dd>
        </div>
      </dl>
      <div className="mt-5">
        {state.status === 'accepted' ? (
          <div role="status">
            <p className="font-semibold text-lime">{w.yours}</p>
            <p className="mt-1 text-mist">
              {beforeLink}
              <a href={localePath(ROUTES.myTournaments.path, lang)} className="underline hover:text-lime">
                {linkText}
              </a>
              {afterLink}
            </p>
          </div>
        ) : invitation.status === 'accepted' ? (
          <p className="font-semibold">{w.alreadyAccepted}</p>
        ) : invitation.status === 'withdrawn' ? (
          <p className="font-semibold">{w.withdrawn}</p>
        ) : (
          <>
            <p className="text-sm text-mist">{w.terms(PAID_ENTRY_MIN_AGE)}</p>
            <button
              type="button"
              className="btn btn-primary mt-3 w-full sm:w-auto"
              disabled={state.status === 'accepting' || session.status === 'loading'}
              aria-busy={state.status === 'accepting'}
              onClick={() => void accept(state.token, invitation)}
            >
              {session.status === 'signed-in' || session.status === 'loading' ? w.accept : w.signInToAccept}
            </button>
            {state.status === 'refused' && (
              <p role="alert" className="mt-3 font-semibold text-danger">
                {state.message}
                {state.profile && (
                  <>
                    {' '}
                    <a href={localePath(profileHref(`${window.location.pathname}${window.location.search}`), lang)} className="underline">
                      {w.completeProfile}
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
