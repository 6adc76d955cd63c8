/**
 * The record of the signed-in player with its data (usePlayerRecord). Loaded lazily by PlayerStatsIsland
 * once a player is signed in, so a visitor's page carries neither the record nor its data layer.
 */
import PlayerRecord from './PlayerRecord';
import { usePlayerRecord } from './use-player-record';

export default function SignedInRecord({ userId }: { userId: string }) {
  const { stats, wonPaise } = usePlayerRecord(userId);
  return <PlayerRecord stats={stats} wonPaise={wonPaise} />;
}
