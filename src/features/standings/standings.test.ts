import { describe, expect, it } from 'vitest';
import { MyPlacesAnswer, StandingsAnswer } from './standings.api';
import { bandTitle, bandTone, placesByTournament, standingsAreFinal } from './standings';

describe('standings', () => {
  it('are final once the tournament is finished or settled', () => {
    expect(['live', 'finished', 'settled', 'cancelled', undefined].map((status) => standingsAreFinal(status))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('name the podium and the bands below it', () => {
    expect([1, 2, 3, 5].map((from) => bandTone({ from }))).toEqual(['gold', 'silver', 'bronze', null]);
    expect(bandTitle({ from: 1, to: 1 })).toBe('Champion');
    expect(bandTitle({ from: 2, to: 2 })).toBe('Runner-up');
    expect(bandTitle({ from: 3, to: 4 })).toBe('Semi-finals');
    expect(bandTitle({ from: 5, to: 8 })).toBe('Quarter-finals');
    expect(bandTitle({ from: 9, to: 16 })).toBe('Out in the round of 16');
  });

  it('read get_standings and get_my_places as the database builds them', () => {
    const bands = StandingsAnswer.parse([
      { place: '1st', from: 1, to: 1, entries: [{ entry_id: 'e1', in_game_name: 'demo1' }] },
      { place: '3rd–4th', from: 3, to: 4, entries: [{ entry_id: 'e3', in_game_name: null }] },
    ]);
    expect(bands.map((band) => band.place)).toEqual(['1st', '3rd–4th']);
    expect(StandingsAnswer.parse(null)).toEqual([]);
    expect(() => StandingsAnswer.parse([{ place: '1st', from: 0, to: 1, entries: [] }])).toThrow();
    const places = MyPlacesAnswer.parse([{ tournament_id: 't1', place: '2nd', from: 2, to: 2 }]);
    expect(placesByTournament(places)).toEqual({ t1: { tournament_id: 't1', place: '2nd', from: 2, to: 2 } });
  });
});
