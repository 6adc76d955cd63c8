/**
 * The rules text of a tournament's format (groups, Swiss, double elimination), generated from the stages the
 * catalog declares, in the order and with the numbers the database plays them (supabase/schemas/brackets.sql:
 * private.group_stats, private.group_tie_order, private.stage_qualifiers, private.pair_swiss_round;
 * supabase/schemas/pairings.sql). supabase/tests/brackets-swiss-and-double.test.ts holds the tie-break ladder
 * and the points to the SQL, so these sentences cannot drift from what the tables compute.
 */
import type { Stage } from './tournaments';

/** Points for a win and a draw in groups and Swiss (private.group_stats, private.swiss_table). */
export const POINTS = { win: 3, draw: 1 } as const;

/** The group tie-break ladder, step by step, in the database's names (decided_by) and in words. */
export const GROUP_TIE_BREAKS = [
  ['head_to_head_points', 'points in the matches between the tied players'],
  ['head_to_head_goal_difference', 'goal difference in those matches'],
  ['head_to_head_goals_for', 'goals scored in those matches'],
  ['goal_difference', 'goal difference in all group matches'],
  ['goals_for', 'goals scored in all group matches'],
  ['wins', 'wins'],
  ['lots', 'lots drawn from the revealed draw secret'],
] as const;

/** The Swiss table's order after points (private.swiss_table). */
export const SWISS_TIE_BREAKS = ['median-Buchholz', 'Buchholz', 'goal difference', 'lots drawn from the revealed draw secret'] as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const drawStands = `${POINTS.win} points a win, ${POINTS.draw} a draw; a draw stands, with no extra time or penalties`;

function groupsRule(stage: Extract<Stage, { kind: 'groups' }>, next: Stage | undefined): string {
  const { perGroup, bestOfNext } = stage.advance;
  const goOn = perGroup === 1 ? 'The group winners' : `The top ${perGroup} of each group`;
  const best =
    bestOfNext > 0 ? ` and the ${bestOfNext} best of the next place across groups (points, goal difference, goals, then lots)` : '';
  const third = next?.kind === 'knockout' && next.thirdPlace ? ', with a match for third place' : '';
  return (
    `Groups of ${stage.groupSize} (of 3 when check-in leaves fewer): everyone plays each player of their group once, ${drawStands}. ` +
    (stage.seeding === 'rating'
      ? 'The groups are drawn in pots by rating: each group takes one player from each quarter of the field by rating. '
      : '') +
    `Ties are broken by ${GROUP_TIE_BREAKS.map(([, words]) => words).join(', then ')}; each group table says which step decided. ` +
    `${goOn}${best} go on to the knockout${third}, where every match needs a winner.`
  );
}

/** Rounds of a Swiss stage of `players` (private.swiss_rounds): enough for one unbeaten player, or the catalog's, if more. */
export function swissRoundsFor(players: number, catalogRounds?: number): number {
  let rounds = 0;
  while (2 ** rounds < Math.max(players, 1)) rounds++;
  return Math.max(rounds, catalogRounds ?? 0);
}

function swissRule(stage: Extract<Stage, { kind: 'swiss' }>, maxPlayers: number): string {
  const full = swissRoundsFor(maxPlayers, stage.rounds);
  const rounds = stage.rounds
    ? `${plural(full, 'round')}`
    : `${plural(full, 'round')} with all ${maxPlayers} places taken (enough to find one unbeaten winner: fewer players, fewer rounds)`;
  return (
    `Swiss, ${rounds}: nobody is knocked out. Each round pairs players on the same points, never the same opponents twice while any pairing avoids it; an odd player out gets a bye, worth a win, at most once. ` +
    `${drawStands}. Places by points, then ${SWISS_TIE_BREAKS.join(', then ')}.`
  );
}

const DOUBLE_ELIMINATION_RULE =
  "Double elimination: a first loss drops you into the losers' bracket, a second knocks you out. The losers' bracket winner meets the winners' bracket winner in the grand final, and must beat them twice. Every match needs a winner.";

/** The format's rules, one sentence group per stage kind; none for one knockout. */
export function formatRules(stages: readonly Stage[] | undefined, maxPlayers: number): string[] {
  return (stages ?? []).flatMap((stage, index) => {
    if (stage.kind === 'groups') return [groupsRule(stage, stages?.[index + 1])];
    if (stage.kind === 'swiss') return [swissRule(stage, maxPlayers)];
    if (stage.kind === 'double_elimination') return [DOUBLE_ELIMINATION_RULE];
    return [];
  });
}

// -----------------------------------------------------------------------------------------------------
// The same rules in Hindi (docs/hindi-glossary.md): built from the same values, in Hindi word order.
// -----------------------------------------------------------------------------------------------------

/** The group tie-break steps in Hindi, in the database's order (GROUP_TIE_BREAKS). */
const GROUP_TIE_BREAKS_HI: Record<(typeof GROUP_TIE_BREAKS)[number][0], string> = {
  head_to_head_points: 'बराबरी वाले खिलाड़ियों के आपसी मैचों के पॉइंट',
  head_to_head_goal_difference: 'उन मैचों का गोल अंतर',
  head_to_head_goals_for: 'उन मैचों में किए गोल',
  goal_difference: 'ग्रुप के सभी मैचों का गोल अंतर',
  goals_for: 'ग्रुप के सभी मैचों में किए गोल',
  wins: 'जीत',
  lots: 'ड्रॉ के खुले सीक्रेट से निकली लॉटरी',
};
const drawStandsHi = `जीत पर ${POINTS.win} पॉइंट, ड्रॉ पर ${POINTS.draw}; ड्रॉ ही रिज़ल्ट है, एक्स्ट्रा टाइम या पेनल्टी नहीं`;

function groupsRuleHi(stage: Extract<Stage, { kind: 'groups' }>, next: Stage | undefined): string {
  const { perGroup, bestOfNext } = stage.advance;
  const goOn = perGroup === 1 ? 'ग्रुप विजेता' : `हर ग्रुप के टॉप ${perGroup}`;
  const best = bestOfNext > 0 ? ` और सभी ग्रुप में अगले स्थान के ${bestOfNext} सबसे अच्छे खिलाड़ी (पॉइंट, गोल अंतर, गोल, फिर लॉटरी से)` : '';
  const third = next?.kind === 'knockout' && next.thirdPlace ? ', तीसरे स्थान के मैच के साथ,' : '';
  return (
    `${stage.groupSize} खिलाड़ियों के ग्रुप (चेक-इन कम हो तो 3 के): हर खिलाड़ी अपने ग्रुप के हर खिलाड़ी से एक बार खेलता है, ${drawStandsHi}। ` +
    (stage.seeding === 'rating' ? 'ग्रुप रेटिंग के पॉट से बनते हैं: हर ग्रुप में रेटिंग के हिसाब से हर चौथाई से एक खिलाड़ी। ' : '') +
    `बराबरी इस क्रम से टूटती है: ${GROUP_TIE_BREAKS.map(([step]) => GROUP_TIE_BREAKS_HI[step]).join(', फिर ')}; हर ग्रुप टेबल बताती है कि किस कदम से फ़ैसला हुआ। ` +
    `${goOn}${best} नॉकआउट में जाते हैं${third} जहाँ हर मैच में एक विजेता ज़रूरी है।`
  );
}

function swissRuleHi(stage: Extract<Stage, { kind: 'swiss' }>, maxPlayers: number): string {
  const full = swissRoundsFor(maxPlayers, stage.rounds);
  const rounds = stage.rounds
    ? `${full} राउंड`
    : `सभी ${maxPlayers} जगहें भरने पर ${full} राउंड (एक अजेय विजेता के लिए जितने ज़रूरी हों: कम खिलाड़ी, कम राउंड)`;
  return (
    `स्विस, ${rounds}: कोई बाहर नहीं होता। हर राउंड में बराबर पॉइंट वाले खिलाड़ी मिलते हैं, और जब तक बचा जा सके, कोई दो बार एक ही विरोधी से नहीं खेलता; बचे हुए खिलाड़ी को बाई मिलती है, जो एक जीत के बराबर है, ज़्यादा से ज़्यादा एक बार। ` +
    `${drawStandsHi}। स्थान पॉइंट से, फिर मीडियन-बुखहोल्ज़, फिर बुखहोल्ज़, फिर गोल अंतर, फिर लॉटरी से।`
  );
}

const DOUBLE_ELIMINATION_RULE_HI =
  'डबल एलिमिनेशन: पहली हार पर आप लूज़र्स ब्रैकेट में जाते हैं, दूसरी हार पर बाहर। लूज़र्स ब्रैकेट का विजेता ग्रैंड फ़ाइनल में विनर्स ब्रैकेट के विजेता से मिलता है और उसे दो बार हराना होता है। हर मैच में एक विजेता ज़रूरी है।';

/** formatRules in Hindi. */
export function formatRulesHi(stages: readonly Stage[] | undefined, maxPlayers: number): string[] {
  return (stages ?? []).flatMap((stage, index) => {
    if (stage.kind === 'groups') return [groupsRuleHi(stage, stages?.[index + 1])];
    if (stage.kind === 'swiss') return [swissRuleHi(stage, maxPlayers)];
    if (stage.kind === 'double_elimination') return [DOUBLE_ELIMINATION_RULE_HI];
    return [];
  });
}
