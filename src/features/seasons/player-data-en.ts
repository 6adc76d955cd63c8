/** The English words shown with a player's data (player-words.ts): loaded with the data on an English page. */
import { formatDateIST, formatShortDateIST } from '@/lib/format';
import type { PlayerWords } from './player-words';

const en: PlayerWords = {
  missing: 'No player has this link.',
  failed: (reason) => `The player could not be loaded: ${reason}`,
  rating: 'Rating',
  provisional: 'New player: no rated match yet',
  likely: (low, high) => `Likely between ${low} and ${high}`,
  seasonPoints: 'Season points',
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ratedThrough: 'Rated through',
  weekTo: (date) => `the week to ${date}`,
  noWeekYet: 'No week rated yet',
  ratingsMove: 'Ratings move once a week, on Monday (IST), from the week’s confirmed matches.',
  historyHeading: 'Rating history',
  noHistory: 'No rated week yet: the first comes the Monday after a played match.',
  resultsHeading: 'Results',
  noResults: 'No finished tournament yet.',
  place: (label) => label,
  points: (points) => `${points} points`,
  chartLabel: (weeks, now) => `Rating over ${weeks} rated ${weeks === 1 ? 'week' : 'weeks'}, now ${now}`,
  weekOf: (date) => `Week of ${date}`,
  matches: (games) => `${games} ${games === 1 ? 'match' : 'matches'}`,
  date: formatDateIST,
  shortDate: formatShortDateIST,
  href: (path) => path,
};

export default en;
