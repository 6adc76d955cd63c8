/**
 * /profile (under the page's static heading): the player's card, the profile form and the authenticator settings.
 * Guarded (client:painted). The row follows the database live (useMyProfile), so completing
 * the profile on another device locks this page too.
 */
import { Suspense } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import Toaster from '@/components/ui/Toaster';
import AuthenticatorSettings from '@/features/auth/AuthenticatorSettings';
import { ParentalConsentRequest } from './ParentalConsentRequest';
import { useMessages } from '@/lib/i18n/use-messages';
import type { Profile } from './profile';
import { PROFILE_WORDS } from './profile-words';
import ProfileForm from './ProfileForm';
import { useMyProfile } from './use-my-profile';
import { withHindiWords } from '@/lib/i18n/island-words';
import { lazyOnDemand } from '@/lib/lazy-on-demand';

// Loaded after the profile itself: a banner only while a deletion is scheduled, and the section at the foot.
// Each waits for the Hindi words it asks for on a Hindi page, so it never shows English first.
const ScheduledDeletionBanner = lazyOnDemand(() => import('./ScheduledDeletionBanner').then(withHindiWords));
const AccountDeletionSection = lazyOnDemand(() => import('./AccountDeletionSection').then(withHindiWords));

export default function ProfileIsland() {
  const { session, profile: state } = useMyProfile();
  const w = useMessages(PROFILE_WORDS);

  if (!session || state.status === 'loading') {
    // A screen's height while loading: the sections under the form (record, notification settings)
    // start below the fold, so nothing the player sees moves when the form takes its place.
    return (
      <div className="min-h-svh">
        <Toaster />
        <Spinner label={w.loading} />
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <>
        <Toaster />
        <div className="card mx-auto max-w-xl px-6 py-10 text-center">
          <p role="alert" className="font-semibold text-danger">
            {w.loadFailed(state.message)}
          </p>
          <Button tone="ghost" className="mt-4" onClick={() => window.location.reload()}>
            {w.tryAgain}
          </Button>
        </div>
      </>
    );
  }

  const profile = state.profile;
  return (
    <>
      <Toaster />
      <div className="mb-6 empty:hidden">
        <Suspense fallback={null}>
          <ScheduledDeletionBanner />
        </Suspense>
      </div>
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
        <ProfileCard profile={profile} email={profile.email ?? session.user.email} />
        <div className="flex flex-col gap-6">
          {profile.profile_completed && (
            <p role="status" className="flex items-center gap-3 rounded-2xl border border-lime/50 bg-lime/10 px-5 py-4 font-bold text-lime">
              <CheckIcon /> {w.completedBanner}
            </p>
          )}
          <ProfileForm profile={profile} />
          {profile.profile_completed && <ParentalConsentRequest userId={session.user.id} />}
          <AuthenticatorSettings />
          <Suspense fallback={null}>
            <AccountDeletionSection email={profile.email ?? session.user.email ?? null} />
          </Suspense>
        </div>
      </div>
    </>
  );
}

function ProfileCard({ profile, email }: { profile: Profile; email: string | null }) {
  const w = useMessages(PROFILE_WORDS);
  const initials = (profile.in_game_name ?? profile.legal_name ?? email ?? '?').trim().slice(0, 2).toUpperCase();
  return (
    <section aria-labelledby="profile-card-name" className="card pitch-stripes flex flex-col items-center gap-4 p-6 text-center">
      {profile.profile_image_url ? (
        <img
          src={profile.profile_image_url}
          alt={w.avatarAlt}
          width={112}
          height={112}
          className="size-28 rounded-full border-4 border-lime/70 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-28 place-items-center rounded-full border-4 border-line bg-pitch-900 font-display text-4xl text-mist"
        >
          {initials}
        </span>
      )}
      <div className="min-w-0">
        <h2 id="profile-card-name" className="text-xl font-bold break-words">
          {profile.in_game_name || w.newPlayer}
        </h2>
        {email && <p className="text-sm break-all text-mist">{email}</p>}
      </div>
      {profile.profile_completed ? (
        <span className="inline-flex items-center gap-2 rounded-full bg-lime px-3 py-1 text-sm font-bold text-night">
          <CheckIcon /> {w.completed}
        </span>
      ) : (
        <span className="rounded-full bg-gold/15 px-3 py-1 text-sm font-bold text-gold ring-1 ring-gold/40">{w.incomplete}</span>
      )}
      {!profile.profile_completed && <p className="text-sm text-mist">{w.completeToPlay}</p>}
    </section>
  );
}

function CheckIcon() {
  return (
    <svg className="size-5 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
