/**
 * The settings card: the game settings of this match's round in eFootball's own words (get_match_settings),
 * for anyone. The host sets the room up with them; the guest checks them before pressing Ready.
 */
import { useMessages } from '@/lib/i18n/use-messages';
import { DEFAULT_MATCH_SETTINGS, settingsRows } from '@/lib/match-settings';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import { useMatchSettings } from './use-match-day';

export function MatchSettingsCard({ matchId, roundName }: { matchId: string; roundName: string }) {
  const settings = useMatchSettings(matchId);
  const words = useMessages(MATCH_PAGE_WORDS);
  const w = words.settings;
  return (
    <section className="card p-4 sm:p-5" aria-labelledby="match-settings-heading" data-match-settings>
      <h2 id="match-settings-heading" className="text-lg font-bold">
        {w.title} <span className="text-sm font-normal text-mist">· {words.round(roundName)}</span>
      </h2>
      <p className="mt-1 text-sm text-mist">{w.lead}</p>
      {settings.status === 'error' ? (
        <p className="mt-3 text-sm text-mist">{w.loadFailed(settings.message)}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {(settings.status === 'ready'
            ? settingsRows(
                {
                  matchMinutes: settings.value.match_minutes,
                  extraTime: settings.value.extra_time,
                  penalties: settings.value.penalties,
                  injuries: settings.value.injuries,
                  condition: settings.value.condition,
                  substitutions: settings.value.substitutions,
                },
                w.minutes,
              )
            : PLACEHOLDER
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl bg-night/60 px-3 py-2">
              <dt className="text-xs font-bold tracking-wider text-mist uppercase">{label}</dt>
              <dd className="font-bold" data-setting={label}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

// The game's six labels (settingsRows), each holding "…" until the settings arrive.
const PLACEHOLDER = settingsRows(DEFAULT_MATCH_SETTINGS).map(([label]) => [label, '…'] as const);
