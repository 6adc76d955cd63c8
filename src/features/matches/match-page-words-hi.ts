/**
 * The Hindi words of match-page-words.ts, in a chunk of their own: only Hindi pages load them
 * (lib/i18n/island-words.ts). Round names and results read as the bracket reads them in Hindi (winner first).
 */
import bracketHi from '@/features/brackets/bracket-words-hi';
import type { MatchPageWords } from './match-page-words';

/** private.match_quick_phrases(), in Hindi: the page shows these and sends the database's own phrase. */
export const QUICK_PHRASES_HI: Record<string, string> = {
  'Room posted': 'रूम पोस्ट कर दिया',
  "I'm in the room": 'मैं रूम में हूँ',
  'Connection problem': 'कनेक्शन में दिक्कत है',
  'Ready when you are': 'आप तैयार हों, मैं तैयार हूँ',
  'Good game!': 'अच्छा खेला!',
};

const hi: MatchPageWords = {
  round: bracketHi.round,
  status: {
    pending: 'दोनों खिलाड़ियों का इंतज़ार',
    bye: 'बाई: खेलने को कोई मैच नहीं',
    scheduled: 'तय',
    ready: 'दोनों खिलाड़ी रेडी',
    reported: 'रिज़ल्ट रिपोर्ट हुआ, कन्फ़र्मेशन बाकी',
    disputed: 'विवाद में: स्टाफ़ फ़ैसला करेगा',
    confirmed: 'रिज़ल्ट कन्फ़र्म',
    void: 'रद्द: कोई खिलाड़ी रेडी नहीं था',
  },
  header: { tournament: 'टूर्नामेंट', placeholder: 'टूर्नामेंट · राउंड', vs: 'बनाम', match: 'मैच' },
  players: { label: 'खिलाड़ी', placeholder: 'खिलाड़ी', you: 'आप', host: 'होस्ट', through: 'आगे' },
  facts: {
    time: 'मैच का समय',
    host: 'होस्ट',
    hostNote: 'फ़्रेंड-मैच रूम बनाता है',
    status: 'स्टेटस',
    sampleDate: '25 नवंबर 2026, 7:40 pm IST',
    sampleCountdown: '1 घंटे 00 मिनट में',
  },
  settings: {
    title: 'मैच सेटिंग',
    lead: 'eFootball के फ़्रेंड-मैच रूम में सेट करें, गेम में जिन नामों से दिखती हैं।',
    loadFailed: (problem) => `सेटिंग लोड नहीं हो सकीं: ${problem}`,
    minutes: (count) => `${count} मिनट`,
    setTo: 'रूम की सेटिंग: ',
    isSetTo: 'रूम की सेटिंग यह है: ',
  },
  host: {
    newRoomMine: 'डिसकनेक्शन के बाद: दोबारा खेलने के लिए नया रूम पोस्ट करें।',
    newRoomTheirs: (opponent) => `डिसकनेक्शन के बाद: ${opponent} नया रूम पोस्ट करेगा।`,
    guestHostsMine: 'यह मैच आप होस्ट करेंगे: ऊपर वाले स्लॉट के खिलाड़ी ने समय पर रूम पोस्ट नहीं किया।',
    guestHostsTheirs: (opponent) => `${opponent} होस्ट करेगा: समय पर कोई रूम पोस्ट नहीं हुआ।`,
    takeOver: (opponent, deadline) =>
      `${opponent} ने ${deadline} तक रूम पोस्ट नहीं किया। अब आप होस्ट कर सकते हैं: रूम बनाकर यहाँ पोस्ट करें (स्टाफ़ को बताया जाता है)।`,
    postBy: (deadline, countdown) => `${deadline} तक रूम पोस्ट करें (${countdown}); उसके बाद आपका विरोधी होस्ट कर सकता है।`,
    theirDeadline: (opponent, deadline, countdown) =>
      `${opponent} के पास रूम पोस्ट करने के लिए ${deadline} तक का समय है (${countdown}); फिर आप होस्ट कर सकते हैं।`,
  },
  outcome: {
    confirmed: 'रिज़ल्ट कन्फ़र्म',
    drew: (a, b, score) => `${a} और ${b} का मैच ${score} से ड्रॉ रहा: दोनों को एक-एक पॉइंट।`,
    nextMatch: (round) => `अगला मैच: ${round}`,
    follow: (round) => `${round} देखें`,
    tournament: 'टूर्नामेंट',
    voidTitle: 'मैच रद्द',
    voidBody: 'कोई भी खिलाड़ी समय पर रेडी नहीं था, इसलिए दोनों बाहर हैं।',
    winnerFallback: 'विजेता',
    after: (winner, result, walkover) => {
      if (walkover) return ' वॉकओवर से आगे गया।';
      const sentence = result ? bracketHi.result({ ...result, loser: null }) : `${winner} आगे गया`;
      return `${sentence.slice(winner.length)}।`;
    },
    wellPlayed: ' बढ़िया खेला!',
    thanks: ' खेलने के लिए शुक्रिया।',
  },
  referee: {
    label: 'रेफ़री का फ़ैसला',
    decisions: {
      result_set_by_staff: 'रेफ़री ने रिज़ल्ट तय किया',
      replay_ordered: 'रेफ़री ने मैच दोबारा खेलने को कहा',
      disqualified: 'रेफ़री ने एक खिलाड़ी को डिसक्वालिफ़ाई किया',
      result_corrected: 'रेफ़री ने रिज़ल्ट ठीक किया',
    },
    decided: 'रेफ़री ने फ़ैसला किया',
  },
  spectator: {
    watching: 'आप यह मैच देख रहे हैं: रूम सिर्फ़ इसके दो खिलाड़ी और स्टाफ़ देखते हैं।',
    playing: 'यह मैच खेल रहे हैं?',
    logIn: 'लॉग इन करें',
    toSee: 'ताकि रूम देख सकें और रिज़ल्ट रिपोर्ट कर सकें।',
  },
  sound: {
    title: 'रूम पोस्ट होने या विरोधी के रिपोर्ट करने पर एक घंटी, जब तक यह पेज खुला है',
    off: 'मैच की आवाज़ बंद',
    blocked: 'मैच की आवाज़ चालू करने के लिए टैप करें',
    on: 'मैच की आवाज़ चालू',
  },
  loading: {
    how: 'मैच लोड हो रहा है। ऐसे चलता है: होस्ट eFootball में फ़्रेंड-मैच रूम बनाकर उसकी ID और पासवर्ड यहाँ पोस्ट करता है, रूम में पहुँचकर दोनों खिलाड़ी रेडी दबाते हैं, फिर हर खिलाड़ी रिज़ल्ट स्क्रीन के स्क्रीनशॉट के साथ स्कोर रिपोर्ट करता है। अलग-अलग रिपोर्ट विवाद बनकर स्टाफ़ के पास जाती हैं।',
    needsJs: 'मैच दिखाने, रूम पोस्ट करने, रेडी दबाने और रिज़ल्ट रिपोर्ट करने के लिए इस पेज को JavaScript चाहिए।',
    everyTournament: 'सभी टूर्नामेंट देखें',
  },
  missing: { noMatch: 'इस लिंक का कोई मैच नहीं है।', loadFailed: (problem) => `मैच लोड नहीं हो सका: ${problem}` },
  chat: {
    title: 'मैच चैट',
    loading: 'चैट लोड हो रही है…',
    lead: 'इसे सिर्फ़ दोनों खिलाड़ी और स्टाफ़ पढ़ते हैं। बात मैच की ही रखें।',
    empty: 'अभी कोई मैसेज नहीं। रूम पोस्ट होने पर या कनेक्शन टूटने पर यहाँ बताएँ।',
    you: 'आप',
    staff: 'स्टाफ़',
    reported: 'स्टाफ़ को रिपोर्ट किया',
    report: 'मैसेज रिपोर्ट करें',
    closed: 'चैट बंद है: मैच ख़त्म होने के एक दिन बाद बंद हो जाती है।',
    phrasesLegend: 'झटपट मैसेज',
    phrase: (body) => (Object.hasOwn(QUICK_PHRASES_HI, body) ? (QUICK_PHRASES_HI[body] ?? body) : body),
    message: 'मैसेज',
    placeholder: 'मैसेज लिखें',
    send: 'भेजें',
    sending: 'भेजा जा रहा है',
    quickOnly: (adultAge) => `इस मैच का एक खिलाड़ी ${adultAge} साल से कम उम्र का है, इसलिए चैट में सिर्फ़ झटपट मैसेज भेजे जा सकते हैं।`,
  },
};

export default hi;
