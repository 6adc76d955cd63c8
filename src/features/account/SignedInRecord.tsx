/**
 * The record of the signed-in player with its data (usePlayerRecord). Loaded lazily by PlayerStatsIsland
 * once a player is signed in, so a visitor's page carries neither the record nor its data layer.
 */
import { playerHref } from '@/lib/routes';
import PlayerRecord from './PlayerRecord';
import { usePlayerRecord } from './use-player-record';

export default function SignedInRecord({ userId }: { userId: string }) {
  const { stats, wonPaise, playerPageId } = usePlayerRecord(userId);
  return (
    <>
      <PlayerRecord stats={stats} wonPaise={wonPaise} />
      {playerPageId && (
        <p className="mt-3 text-sm">
          <a href={playerHref(playerPageId)} className="font-semibold text-lime underline" data-my-player-page>
            See your public player page
          </a>{' '}
          <span className="text-mist">(what other players see: rating and record)</span>
        </p>
      )}
    </>
  );
}
