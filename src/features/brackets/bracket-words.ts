/**
 * The bracket island's words in both languages: the card before the draw, how the draw was made, a match
 * card's status and result, the line that says where the signed-in player stands, and the rounds' names. Read
 * through the page's language store (lib/i18n/use-messages). The database names rounds in English from a
 * closed list (private.stage_round_name: "Final", "Round of 16", "Group matchday 2" …): Hindi reads each from
 * the same pattern. Places read "नंबर 2" in Hindi, which needs no gender. Follows docs/hindi-glossary.md.
 */
import type { Lang } from '@/lib/i18n/lang';
import { type MatchResult, resultSentence } from '@/lib/score';
import { type Standing, standingLine } from './brackets';

export type BracketWords = {
  loading: string;
  loadFailed: string;
  drawNotRun: string;
  runsAt: (when: string) => string;
  runsWhenCheckInCloses: string;
  randomPlaces: string;
  commitmentLabel: string;
  verifyDraw: string;
  howDrawMade: string;
  commitmentPublished: string;
  secretRevealed: string;
  entriesDrawn: string;
  inBracketOf: (size: number) => string;
  rounds: string;
  bracketTree: string;
  status: Record<string, string>;
  against: (a: string, b: string) => string;
  you: string;
  draw: (score: string) => string;
  bye: string;
  toBeDecided: string;
  unnamed: string;
  result: (result: MatchResult) => string;
  /** `when` formats a time in the page's language. */
  standing: (standing: Standing, when: (at: string) => string) => string;
  round: (name: string) => string;
};

const en: BracketWords = {
  loading: 'Loading the bracket…',
  loadFailed: 'The bracket could not be loaded.',
  drawNotRun: 'The draw has not run yet',
  runsAt: (when) => `It runs when check-in closes, at ${when}.`,
  runsWhenCheckInCloses: 'It runs when check-in closes.',
  randomPlaces: 'Every checked-in entry gets a random place; byes go to the highest seeds.',
  commitmentLabel: 'Commitment (SHA-256 of the secret that decides it):',
  verifyDraw: 'How to verify a draw',
  howDrawMade: 'How this draw was made',
  commitmentPublished: 'Commitment, published before the draw',
  secretRevealed: 'Secret, revealed at the draw',
  entriesDrawn: 'Entries drawn',
  inBracketOf: (size) => ` in a bracket of ${size}`,
  rounds: 'Rounds',
  bracketTree: 'Bracket tree',
  status: {
    pending: 'Waiting',
    bye: 'Bye',
    scheduled: 'Scheduled',
    ready: 'Ready',
    reported: 'Reported',
    disputed: 'Disputed',
    confirmed: 'Final score',
    void: 'Void',
  },
  against: (a, b) => `${a} against ${b}`,
  you: '(you)',
  draw: (score) => `Draw ${score}`,
  bye: 'bye',
  toBeDecided: 'to be decided',
  unnamed: 'Unnamed player',
  result: resultSentence,
  standing: (standing) => standingLine(standing),
  round: (name) => name,
};

const dash = (x: number, y: number) => `${x}–${y}`;

/** "A ने B को 2–0 से हराया"; a level score: "A 2–2 के बाद पेनल्टी में 4–3 से जीता"; no goals: "A आगे गया". */
function resultHi(result: MatchResult): string {
  const { winner, loser, winnerGoals: w, loserGoals: l, penalties } = result;
  if (w === null || l === null) return loser ? `${winner} ${loser} के ख़िलाफ़ आगे गया` : `${winner} आगे गया`;
  if (w !== l) return loser ? `${winner} ने ${loser} को ${dash(w, l)} से हराया` : `${winner} ${dash(w, l)} से जीता`;
  const shootOut = penalties ? `पेनल्टी में ${dash(penalties[0], penalties[1])} से जीता` : 'पेनल्टी में जीता';
  return `${winner}${loser ? ` (${loser} के ख़िलाफ़)` : ''} ${dash(w, l)} के बाद ${shootOut}`;
}

/** The database's round names (private.stage_round_name, private.round_name), pattern by pattern. */
function roundHi(name: string): string {
  const fixed: Record<string, string> = {
    Final: 'फ़ाइनल',
    'Semi-finals': 'सेमीफ़ाइनल',
    'Quarter-finals': 'क्वार्टर फ़ाइनल',
    'Grand final': 'ग्रैंड फ़ाइनल',
    'Grand final reset': 'ग्रैंड फ़ाइनल (दूसरा मैच)',
    'Third place': 'तीसरे स्थान का मैच',
    Knockout: 'नॉकआउट',
    Groups: 'ग्रुप',
    'Group stage': 'ग्रुप स्टेज',
  };
  if (fixed[name]) return fixed[name];
  const numbered: [RegExp, string][] = [
    [/^Round of (\d+)$/, 'राउंड ऑफ़ $1'],
    [/^Group matchday (\d+)$/, 'ग्रुप मैचडे $1'],
    [/^Winners round (\d+)$/, 'विनर्स राउंड $1'],
    [/^Losers round (\d+)$/, 'लूज़र्स राउंड $1'],
    [/^Round (\d+)$/, 'राउंड $1'],
  ];
  for (const [pattern, hindi] of numbered) if (pattern.test(name)) return name.replace(pattern, hindi);
  return name;
}

/** Where the player stands, in Hindi word order (the time before the verb). */
function standingHi(standing: Standing, when: (at: string) => string): string {
  switch (standing.kind) {
    case 'waiting-draw':
      return standing.drawAt ? `ड्रॉ का इंतज़ार: ${when(standing.drawAt)} पर निकलेगा` : 'ड्रॉ का इंतज़ार: चेक-इन बंद होते ही निकलेगा';
    case 'withdrawn':
      return standing.closedAt
        ? `आप बाहर हैं: आपने ${when(standing.closedAt)} तक चेक-इन नहीं किया, इसलिए एंट्री वापस ले ली गई`
        : 'आप बाहर हैं: आपने समय पर चेक-इन नहीं किया, इसलिए एंट्री वापस ले ली गई';
    case 'not-drawn':
      return 'आप इस ब्रैकेट में नहीं हैं';
    case 'next':
      return `आपका अगला मैच: ${roundHi(standing.round)}, ${standing.opponent} के ख़िलाफ़${standing.at ? `, ${when(standing.at)}` : ''}`;
    case 'through':
      return `आप ${roundHi(standing.round)} में पहुँच गए${standing.at ? ` (${when(standing.at)})` : ''}: आपका विरोधी अभी तय नहीं है`;
    case 'out':
      return `आप बाहर हैं: ${roundHi(standing.round)} में हार गए`;
    case 'champion':
      return 'आपने टूर्नामेंट जीत लिया!';
    case 'group-finished': {
      const place = `ग्रुप ${standing.group} में नंबर ${standing.rank}`;
      if (!standing.closed) return `आपके ग्रुप मैच पूरे हुए: अभी ${place}। सभी ग्रुप पूरे होने पर नॉकआउट भरा जाएगा`;
      return standing.qualified ? `आप नॉकआउट में पहुँच गए: ${place}` : `आप बाहर हैं: ${place}`;
    }
    case 'placed':
      return `आपका स्थान: नंबर ${standing.place}`;
    case 'table':
      return `टेबल में आप ${standing.of} में से नंबर ${standing.rank} पर हैं`;
  }
}

const hi: BracketWords = {
  loading: 'ब्रैकेट लोड हो रहा है…',
  loadFailed: 'ब्रैकेट लोड नहीं हो सका।',
  drawNotRun: 'ड्रॉ अभी नहीं निकला है',
  runsAt: (when) => `यह चेक-इन बंद होने पर, ${when} पर निकलेगा।`,
  runsWhenCheckInCloses: 'यह चेक-इन बंद होने पर निकलेगा।',
  randomPlaces: 'चेक-इन की हर एंट्री को एक रैंडम जगह मिलती है; बाई सबसे ऊँचे सीड को मिलती है।',
  commitmentLabel: 'कमिटमेंट (ड्रॉ तय करने वाले सीक्रेट का SHA-256):',
  verifyDraw: 'ड्रॉ कैसे जाँचें',
  howDrawMade: 'यह ड्रॉ कैसे निकला',
  commitmentPublished: 'कमिटमेंट, ड्रॉ से पहले प्रकाशित',
  secretRevealed: 'सीक्रेट, ड्रॉ पर खोला गया',
  entriesDrawn: 'ड्रॉ में एंट्री',
  inBracketOf: (size) => ` (${size} का ब्रैकेट)`,
  rounds: 'राउंड',
  bracketTree: 'ब्रैकेट ट्री',
  status: {
    pending: 'इंतज़ार',
    bye: 'बाई',
    scheduled: 'तय',
    ready: 'तैयार',
    reported: 'रिपोर्ट हुआ',
    disputed: 'विवाद में',
    confirmed: 'फ़ाइनल स्कोर',
    void: 'रद्द',
  },
  against: (a, b) => `${a} बनाम ${b}`,
  you: '(आप)',
  draw: (score) => `ड्रॉ ${score}`,
  bye: 'बाई',
  toBeDecided: 'अभी तय नहीं',
  unnamed: 'बिना नाम का खिलाड़ी',
  result: resultHi,
  standing: standingHi,
  round: roundHi,
};

export const BRACKET_WORDS: Record<Lang, BracketWords> = { en, hi };
