/**
 * Standings (docs/areas/standings.md): places by the round a player went out in, 1st, 2nd,
 * 3rd–4th, 5th–8th ... Players out in the same round share a band. Pure functions; IO in standings.api.ts.
 */

export interface StandingEntry {
  entry_id: string;
  in_game_name: string | null;
}

/** One band of get_standings: its label ("3rd–4th"), its first and last place, and who shares it. */
export interface StandingBand {
  place: string;
  from: number;
  to: number;
  entries: StandingEntry[];
}

/** One row of get_my_places: the player's band in a finished tournament. */
export interface MyPlace {
  tournament_id: string;
  place: string;
  from: number;
  to: number;
}

/** Standings are final once the tournament is: before that they are shown as "so far" or not at all. */
export const standingsAreFinal = (status: string | undefined): boolean => status === 'finished' || status === 'settled';

/** The medal tone of a band: gold, silver, bronze for the podium, none below. */
export function bandTone(band: Pick<StandingBand, 'from'>): 'gold' | 'silver' | 'bronze' | null {
  if (band.from === 1) return 'gold';
  if (band.from === 2) return 'silver';
  if (band.from === 3) return 'bronze';
  return null;
}

/** "Champion", "Runner-up", "Semi-finalist" ... what a band means, next to its place. */
export function bandTitle(band: Pick<StandingBand, 'from' | 'to'>): string {
  if (band.from === 1) return 'Champion';
  if (band.from === 2) return 'Runner-up';
  if (band.from === 3 && band.to === 4) return 'Semi-finals';
  if (band.from === 5 && band.to === 8) return 'Quarter-finals';
  return `Out in the round of ${band.to}`;
}

/** The places of the player's finished tournaments, by tournament id. */
export const placesByTournament = (places: readonly MyPlace[]): Record<string, MyPlace> =>
  Object.fromEntries(places.map((place) => [place.tournament_id, place]));
