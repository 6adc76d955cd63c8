/**
 * The Hindi words of profile-words.ts, in a chunk of their own: only Hindi pages load them
 * (lib/i18n/island-words.ts). Each problem the form finds is keyed by the English sentence profile.ts gives for it,
 * so the checks stay in one place; the numbers in them are the rules' (lib/rules.ts, lib/legal.ts).
 */
import { MAX_PLAYER_AGE, MIN_PLAYER_AGE } from '@/lib/legal';
import {
  GAME_USER_ID_MAX_LENGTH,
  GAME_USER_ID_MIN_LENGTH,
  IN_GAME_NAME_MAX_LENGTH,
  IN_GAME_NAME_MIN_LENGTH,
  LEGAL_NAME_MAX_LENGTH,
  LEGAL_NAME_MIN_LENGTH,
} from '@/lib/rules';
import { HIDDEN_CONTROLS_MESSAGE, INVISIBLE_NAME_MESSAGE } from './name-rule';
import { FIELD_MESSAGES, PROFILE_MESSAGES } from './profile';
import type { ProfileWords } from './profile-words';

const MONTHS = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'];

/** "5 जन॰ 2008": the same order as the English "5 Jan 2008", never shifted by a time zone. */
function calendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

const LEGAL = 'कानूनी नाम';
const IN_GAME = 'इन-गेम नाम';

const PROBLEMS: Record<string, string> = {
  [FIELD_MESSAGES.legalNameShort]: `${LEGAL} में कम से कम ${LEGAL_NAME_MIN_LENGTH} अक्षर होने चाहिए`,
  [FIELD_MESSAGES.inGameNameShort]: `${IN_GAME} में कम से कम ${IN_GAME_NAME_MIN_LENGTH} अक्षर होने चाहिए`,
  [`Legal Name must be at most ${LEGAL_NAME_MAX_LENGTH} characters`]: `${LEGAL} में ज़्यादा से ज़्यादा ${LEGAL_NAME_MAX_LENGTH} अक्षर हो सकते हैं`,
  [`In-Game Name must be at most ${IN_GAME_NAME_MAX_LENGTH} characters`]: `${IN_GAME} में ज़्यादा से ज़्यादा ${IN_GAME_NAME_MAX_LENGTH} अक्षर हो सकते हैं`,
  [INVISIBLE_NAME_MESSAGE('Legal Name')]: `${LEGAL} में दिखने वाले अक्षर होने चाहिए, सिर्फ़ स्पेस या अदृश्य कैरेक्टर नहीं`,
  [INVISIBLE_NAME_MESSAGE('In-Game Name')]: `${IN_GAME} में दिखने वाले अक्षर होने चाहिए, सिर्फ़ स्पेस या अदृश्य कैरेक्टर नहीं`,
  [HIDDEN_CONTROLS_MESSAGE('Legal Name')]: `${LEGAL} में छिपे कंट्रोल कैरेक्टर (जैसे टेक्स्ट की दिशा बदलने वाले) नहीं हो सकते`,
  [HIDDEN_CONTROLS_MESSAGE('In-Game Name')]: `${IN_GAME} में छिपे कंट्रोल कैरेक्टर (जैसे टेक्स्ट की दिशा बदलने वाले) नहीं हो सकते`,
  [FIELD_MESSAGES.dateOfBirthRequired]: 'जन्म तिथि डालना ज़रूरी है',
  [FIELD_MESSAGES.dateOfBirthInvalid]: 'अपनी जन्म तिथि दिन, महीना और साल में डालें',
  [FIELD_MESSAGES.dateOfBirthFuture]: 'जन्म तिथि भविष्य की नहीं हो सकती',
  [FIELD_MESSAGES.tooYoung]: `Golazo पर खेलने के लिए आपकी उम्र ${MIN_PLAYER_AGE} साल या उससे ज़्यादा होनी चाहिए`,
  [FIELD_MESSAGES.tooOld]: `${MAX_PLAYER_AGE} साल से कम पहले की जन्म तिथि डालें`,
  [FIELD_MESSAGES.gameUserIdRequired]: 'eFootball यूज़र ID डालना ज़रूरी है',
  [FIELD_MESSAGES.gameUserIdLength]: `eFootball यूज़र ID में ${GAME_USER_ID_MIN_LENGTH} से ${GAME_USER_ID_MAX_LENGTH} कैरेक्टर होने चाहिए`,
  [FIELD_MESSAGES.gameUserIdCharacters]: 'eFootball यूज़र ID में सिर्फ़ अक्षर, अंक और डैश हो सकते हैं',
  [PROFILE_MESSAGES.missingRequired]: 'कृपया सभी ज़रूरी फ़ील्ड भरें',
};

const hi: ProfileWords = {
  loading: 'आपकी प्रोफ़ाइल लोड हो रही है',
  tryAgain: 'फिर से कोशिश करें',
  // The load's sentence is the database's or the browser's English: the Hindi page says what happened.
  loadFailed: () => 'आपकी प्रोफ़ाइल लोड नहीं हो सकी।',
  avatarAlt: 'आपकी तस्वीर',
  newPlayer: 'नए खिलाड़ी',
  completed: 'प्रोफ़ाइल पूरी है',
  incomplete: 'प्रोफ़ाइल अधूरी है',
  completeToPlay: 'टूर्नामेंट में हिस्सा लेने के लिए अपनी प्रोफ़ाइल पूरी करें। सेव होने के बाद यह लॉक हो जाती है।',
  completedBanner: 'प्रोफ़ाइल पूरी हो गई!',
  heading: 'खिलाड़ी की जानकारी',
  locked: 'लॉक है',
  legalName: 'कानूनी नाम',
  legalNameHint: 'आपके PAN पर लिखे नाम से बिल्कुल मिलना चाहिए: यह टैक्स और प्राइज़ के पेआउट में इस्तेमाल होता है।',
  inGameName: 'इन-गेम नाम',
  inGameNameHint: (locked) =>
    locked ? 'आपका eFootball यूज़रनेम, जैसा विरोधी देखते हैं।' : 'आपका eFootball यूज़रनेम। इसे बाद में कभी-कभार बदला जा सकता है।',
  dateOfBirth: 'जन्म तिथि',
  dateOfBirthLocked: 'दिन, महीना, साल।',
  dateOfBirthHint: (minAge, paidAge, entered) =>
    `आपकी उम्र ${minAge} साल या उससे ज़्यादा होनी चाहिए। पेड एंट्री ${paidAge} साल और उससे ज़्यादा उम्र के खिलाड़ियों के लिए है।${
      entered ? ` आपने ${entered} डाला है।` : ''
    }`,
  calendarDate,
  gameUserId: 'eFootball यूज़र ID',
  gameUserIdHint: (min, max) => `आपकी eFootball प्रोफ़ाइल पर दिखने वाली ID, जैसी वहाँ लिखी है: ${min} से ${max} अक्षर, अंक या डैश।`,
  livesInIndia: 'मैं भारत में रहता/रहती हूँ। पेड टूर्नामेंट सिर्फ़ भारत के निवासियों के लिए हैं।',
  checkBeforeSaving: 'अपनी जानकारी जाँच लें: सेव होने के बाद यह लॉक हो जाती है (बाद में सिर्फ़ इन-गेम नाम बदल सकता है)।',
  saving: 'सेव हो रहा है…',
  save: 'प्रोफ़ाइल सेव करें',
  problem: (english) => (english ? (PROBLEMS[english] ?? english) : undefined),
};

export default hi;
