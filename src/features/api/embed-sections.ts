/**
 * How the embeddable bracket lays out any format from api_v1.matches alone (no DOM here, so it is tested
 * without a browser): a group's matches under its letter, every other match in a section per stage and
 * bracket (winners, losers, grand final, third place; a plain knockout or Swiss stage is one section), each
 * section in columns by play-order round. Group and Swiss tables are not computed here: the embed reads them
 * from api_v1.stages, where the site's own SQL ranks them.
 */

export type EmbedMatch = {
  id: string;
  round: number;
  position: number;
  player_a: string | null;
  player_b: string | null;
  score_a: number | null;
  score_b: number | null;
  entry_a: string | null;
  entry_b: string | null;
  winner_entry_id: string | null;
  status: string;
  stage_no?: number;
  stage?: string;
  group_name?: string | null;
  bracket?: string | null;
};

export type EmbedRound = { name: string; matches: EmbedMatch[] };
/** `group`: the group's letter, for a section of one group's matches (its table comes from api_v1.stages). */
export type EmbedSection = { title: string | null; stageNo: number; group: string | null; rounds: EmbedRound[] };

/** A section's title from its bracket, else its stage's kind (a plain knockout has none of its own). */
const TITLES: Record<string, string> = {
  winners: 'Winners bracket',
  losers: 'Losers bracket',
  grand_final: 'Grand final',
  third_place: 'Third place',
  swiss: 'Swiss',
};

/** A knockout round's name counted from the last: Final, Semi-finals, Quarter-finals, then Round n. */
export function roundName(round: number, rounds: number): string {
  return ['Final', 'Semi-finals', 'Quarter-finals'][rounds - round] ?? `Round ${round}`;
}

/** The sections of these matches in play order; a lone knockout is one section without a title, else 'Knockout'. */
export function embedSections(matches: EmbedMatch[]): EmbedSection[] {
  const byKey = new Map<string, EmbedMatch[]>();
  for (const match of [...matches].sort((a, b) => a.round - b.round || a.position - b.position)) {
    const key = `${match.stage_no ?? 1}|${match.group_name ? `g${match.group_name}` : (match.bracket ?? '')}`;
    byKey.set(key, [...(byKey.get(key) ?? []), match]);
  }
  const sections = [...byKey.values()].map((list): EmbedSection => {
    const first = list[0] as EmbedMatch;
    const group = first.group_name ?? null;
    const rounds = [...new Set(list.map((m) => m.round))];
    // Only a plain knockout names its rounds from the final; groups, Swiss and the double elimination's
    // brackets count them from their first.
    const knockout = !group && !first.bracket && first.stage !== 'swiss';
    const label = (i: number) =>
      group
        ? `Matchday ${i + 1}`
        : first.bracket === 'third_place'
          ? 'Third place'
          : knockout
            ? roundName(i + 1, rounds.length)
            : `Round ${i + 1}`;
    return {
      title: group ? `Group ${group}` : (TITLES[first.bracket ?? first.stage ?? ''] ?? null),
      stageNo: first.stage_no ?? 1,
      group,
      rounds: rounds.map((round, i) => ({ name: label(i), matches: list.filter((m) => m.round === round) })),
    };
  });
  // In the order each section was first played (a round is one play-order number across the tournament, so
  // later stages come later); groups by letter within their matchday.
  if (sections.length > 1) for (const section of sections) section.title ??= 'Knockout';
  return sections;
}
