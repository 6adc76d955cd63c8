/**
 * The Hindi words of match-words.ts, in a chunk of their own: only Hindi pages load them
 * (lib/i18n/island-words.ts). The windows' minutes come from the same constants as the English sentences.
 */
import { MINUTE, READY_CLOSES_AFTER, READY_OPENS_BEFORE, WALKOVER_CONTEST_WINDOW } from '@/lib/match-windows';
import { DISPUTE_STAFF_DEADLINE_MINUTES, OPPONENT_CONFIRM_MINUTES } from '@/lib/rules';
import type { MatchWords } from './match-words';

const READY_OPENS_MINUTES = READY_OPENS_BEFORE / MINUTE;
const READY_CLOSES_MINUTES = READY_CLOSES_AFTER / MINUTE;
const CONTEST_MINUTES = WALKOVER_CONTEST_WINDOW / MINUTE;

const hi: MatchWords = {
  countdown: { h: 'घंटे', min: 'मिनट', s: 'सेकंड', ahead: (span) => `${span} में`, ago: (span) => `${span} पहले` },
  steps: {
    label: 'आपके स्टेप',
    room: 'रूम',
    ready: 'रेडी',
    report: 'रिज़ल्ट रिपोर्ट करें',
    marks: { now: 'अभी', done: 'हो गया', later: 'बाद में' },
  },
  waiting: {
    title: 'आपके विरोधी का इंतज़ार',
    body: 'आपका विरोधी एक दूसरे मैच से तय होगा। जैसे ही वह तय होगा, यह पेज मैच के समय के साथ अपडेट हो जाएगा।',
  },
  tooLate: {
    title: 'समय पर कोई रिज़ल्ट नहीं',
    body: 'रेडी और रिपोर्ट की विंडो बंद हो चुकी हैं। यह मैच स्टाफ़ तय करेगा; उनका फ़ैसला आपको यहीं दिखेगा।',
  },
  room: {
    postedAt: (time) => `रूम ${time} पर पोस्ट हुआ। आपका विरोधी इसे यहीं देखता है; रूम में उसका इंतज़ार करें।`,
    change: 'रूम बदलें',
    closed: 'इस मैच के लिए अब रूम पोस्ट नहीं किया जा सकता।',
    hostLead: 'आप होस्ट हैं: eFootball में फ़्रेंड-मैच रूम बनाएँ, फिर अपने विरोधी के लिए उसकी id और पासवर्ड यहाँ पोस्ट करें।',
    roomId: 'रूम id',
    password: 'रूम पासवर्ड',
    idHelp: 'रूम id में 3 से 32 अक्षर, अंक या डैश होते हैं। इन्हें सिर्फ़ आपका विरोधी और स्टाफ़ पढ़ सकते हैं।',
    post: 'रूम पोस्ट करें',
    posting: 'रूम पोस्ट हो रहा है',
    guestWait: (host) => `${host} होस्ट है और रूम यहाँ पोस्ट करेगा। पोस्ट होते ही यह पेज उसे दिखा देगा।`,
    loadFailed: 'रूम लोड नहीं हो सका:',
    loading: 'रूम लोड हो रहा है…',
    join: (host) => `eFootball में ${host} के फ़्रेंड-मैच रूम में जुड़ें:`,
    copy: (label) => `${label} कॉपी करें`,
    copied: 'कॉपी हो गया',
    copyButton: 'कॉपी करें',
  },
  ready: {
    opponentReady: (opponent) => `${opponent} रेडी है।`,
    opponentNotReady: (opponent) => `${opponent} अभी रेडी नहीं है।`,
    done: 'आप रेडी हैं।',
    opens: (countdown, time) => `रेडी ${countdown} खुलेगा, ${time} पर (मैच से ${READY_OPENS_MINUTES} मिनट पहले)।`,
    pressBy: (time) => `रूम में पहुँचकर ${time} तक रेडी दबाएँ (मैच के समय के ${READY_CLOSES_MINUTES} मिनट बाद तक)।`,
    closed: 'रेडी बंद हो चुका है। आप जो रिज़ल्ट रिपोर्ट करेंगे, वह भी रेडी गिना जाएगा।',
    settingsChecked: 'सेटिंग्स चेक कीं: रूम मैच सेटिंग्स कार्ड से मेल खाता है',
    opensAt: (time) => `${time} पर खुलेगा।`,
    tickFirst: 'पहले ऊपर “सेटिंग्स चेक कीं” पर टिक करें: इससे आपके विरोधी को पता चलता है कि रूम सेटिंग्स कार्ड से मेल खाता है।',
    busy: 'आपके विरोधी को बताया जा रहा है',
    button: 'मैं रेडी हूँ',
  },
  report: {
    sent: (opponent) =>
      `आपका रिज़ल्ट आ गया। ${opponent} इसे कन्फ़र्म करेगा या ख़ुद भी रिपोर्ट करेगा; अगर ${OPPONENT_CONFIRM_MINUTES} मिनट में दोनों में से कुछ नहीं होता, तो यह अपने-आप कन्फ़र्म हो जाएगा।`,
    opensAt: (time) => `रिपोर्टिंग ${time} पर खुलेगी, मैच से ${READY_OPENS_MINUTES} मिनट पहले।`,
    closed: 'इस मैच की रिपोर्टिंग बंद हो चुकी है।',
    yourGoals: 'आपके गोल',
    theirGoals: (opponent) => `${opponent} के गोल`,
    theirGoalsName: 'विरोधी के गोल',
    drawStands: 'ड्रॉ: यही रिज़ल्ट रहेगा, दोनों को एक-एक पॉइंट। इस मैच में एक्स्ट्रा टाइम या पेनल्टी नहीं है।',
    levelQuestion: 'स्कोर बराबर: आगे कौन गया (एक्स्ट्रा टाइम या पेनल्टी)?',
    iDid: 'मैं',
    theyDid: (opponent) => opponent,
    screenshot: 'रिज़ल्ट स्क्रीन का स्क्रीनशॉट',
    whoSees: (opponent) => `इसे सिर्फ़ ${opponent} और स्टाफ़ देख सकते हैं। बड़ी तस्वीरें अपलोड से पहले छोटी कर दी जाती हैं।`,
    uploading: 'स्क्रीनशॉट अपलोड हो रहा है',
    sending: 'रिज़ल्ट भेजा जा रहा है',
    send: 'रिज़ल्ट भेजें',
  },
  confirm: {
    reportedFallback: (opponent) => `${opponent} ने रिज़ल्ट रिपोर्ट किया`,
    lead: `उनका स्क्रीनशॉट देखें, फिर कन्फ़र्म करें, या स्कोर अलग हो तो नीचे अपना स्कोर रिपोर्ट करें (अलग-अलग रिपोर्ट स्टाफ़ के पास जाती हैं)। जवाब न मिलने पर उनकी रिपोर्ट के ${OPPONENT_CONFIRM_MINUTES} मिनट बाद यह कन्फ़र्म हो जाता है।`,
    screenshotAlt: (opponent) => `${opponent} का रिज़ल्ट स्क्रीन का स्क्रीनशॉट`,
    busy: 'कन्फ़र्म हो रहा है',
    button: (opponent) => `${opponent} का रिज़ल्ट कन्फ़र्म करें`,
  },
  walkover: {
    claimTitle: (opponent) => `${opponent} ने रेडी नहीं दबाया`,
    claimLead: (opponent) =>
      `आप रेडी थे और मैच के समय को ${READY_CLOSES_MINUTES} मिनट से ज़्यादा हो चुके हैं: वॉकओवर क्लेम करें। फिर ${opponent} के पास इसे चुनौती देने के लिए ${CONTEST_MINUTES} मिनट होंगे (फ़ैसला स्टाफ़ करेगा); अगर वह नहीं देता, तो आप आगे जाते हैं।`,
    claiming: 'क्लेम हो रहा है',
    claim: 'वॉकओवर क्लेम करें',
    contestTitle: 'आपके विरोधी ने वॉकओवर क्लेम किया है',
    contestLead: 'उनका कहना है कि आपने समय पर रेडी नहीं दबाया।',
    contestUntil: (time, countdown) => `आप ${time} तक (${countdown}) इसे चुनौती दे सकते हैं: फिर फ़ैसला स्टाफ़ करेगा।`,
    contestPassed: 'चुनौती देने का समय निकल चुका है।',
    contesting: 'चुनौती भेजी जा रही है',
    contest: 'वॉकओवर को चुनौती दें',
    claimedTitle: 'वॉकओवर क्लेम हुआ',
    claimed: (opponent, until) =>
      `${opponent} के पास ${until ? `${until} तक` : 'कुछ मिनट'} इसे चुनौती देने का समय है। अगर वह नहीं देता, तो आप आगे जाते हैं।`,
  },
  dispute: {
    reasons: {
      wrong_score: 'ग़लत स्कोर',
      no_show: 'मेरा विरोधी नहीं आया',
      disconnection: 'डिसकनेक्शन',
      cheating: 'चीटिंग',
      other: 'कुछ और',
    },
    opensFrom: (time) => `कुछ गड़बड़ है? मैच शुरू होने के बाद, ${time} से विवाद खोला जा सकता है।`,
    wrongResult: 'रिपोर्ट किया गया रिज़ल्ट ग़लत है?',
    somethingWrong: 'इस मैच में कुछ गड़बड़ हुई?',
    open: 'विवाद खोलें',
    lead: 'स्टाफ़ दोनों पक्ष और स्क्रीनशॉट देखकर फ़ैसला करता है। विवाद खोलने के बाद आप रिपोर्ट नहीं कर सकते; आपका विरोधी अपना पक्ष जोड़ सकता है।',
    reason: 'वजह',
    detailsRequired: 'क्या हुआ (ज़रूरी)',
    detailsOptional: 'क्या हुआ (वैकल्पिक)',
    placeholder: 'स्कोर, डिसकनेक्शन का मिनट, स्टाफ़ को जो भी जानना चाहिए।',
    opening: 'विवाद खोला जा रहा है',
    send: 'स्टाफ़ को भेजें',
    cancel: 'रद्द करें',
  },
  disputed: {
    title: 'विवाद में: फ़ैसला स्टाफ़ करेगा',
    reason: 'वजह:',
    decideBy: '। स्टाफ़ इस समय तक फ़ैसला करेगा:',
    lead: 'स्टाफ़ दोनों पक्ष और स्क्रीनशॉट देखता है, फिर रिज़ल्ट तय करता है, रीप्ले करवाता है या डिसक्वालिफ़ाई करता है। उनका फ़ैसला आपको यहीं दिखेगा।',
    answerWithin: ` स्टाफ़ पॉड में ${DISPUTE_STAFF_DEADLINE_MINUTES.quick} मिनट में और चैंपियनशिप में ${DISPUTE_STAFF_DEADLINE_MINUTES.championship} मिनट में जवाब देता है।`,
    sides: 'स्टाफ़ ने क्या पढ़ा है',
    openedAuto: 'अपने-आप खुला',
    openedBy: (who) => (who === null ? 'आपने इसे खोला' : `${who} ने इसे खोला`),
    noDetails: 'कोई जानकारी नहीं दी गई।',
    yourSide: 'आपका पक्ष',
    sideOf: (name) => `${name} का पक्ष`,
    withScreenshot: ' · स्क्रीनशॉट के साथ',
    changeSide: 'अपना पक्ष बदलें',
    addSide: 'अपना पक्ष जोड़ें',
    sidePlaceholder: 'आपने जैसा देखा, क्या हुआ: स्कोर, मिनट, आपका स्क्रीनशॉट क्या दिखाता है।',
    screenshotOptional: 'स्क्रीनशॉट (वैकल्पिक)',
    sideSent: 'भेज दिया: स्टाफ़ फ़ैसले से पहले इसे पढ़ेगा।',
    sendingSide: 'आपका पक्ष भेजा जा रहा है',
  },
  disconnection: {
    report: 'डिसकनेक्शन रिपोर्ट करें',
    lead: (minute) =>
      `दोनों खिलाड़ी इसे रिपोर्ट करते हैं। अगर दोनों मानें कि मिनट ${minute} तक 0–0 था: मैच फिर से शुरू होगा; उसके बाद: बचे मिनटों के लिए नया रूम, स्कोर वही रहेगा।`,
    minute: 'मिनट',
    quit: (opponent) => `${opponent} ने जान-बूझकर मैच छोड़ा (फ़ैसला स्टाफ़ करेगा)`,
    reporting: 'डिसकनेक्शन रिपोर्ट हो रहा है',
    send: 'डिसकनेक्शन रिपोर्ट भेजें',
    reportedTitle: 'डिसकनेक्शन रिपोर्ट हुआ',
    mineWaiting: (report, opponent) =>
      `आपने ${report} पर डिसकनेक्शन रिपोर्ट किया। ${opponent} की रिपोर्ट का इंतज़ार है: उनके रिपोर्ट करते ही पेज फ़ैसला सुना देगा।`,
    opponentTitle: (opponent) => `${opponent} ने डिसकनेक्शन रिपोर्ट किया`,
    opponentSays: (opponent, report, quit) =>
      `${opponent} के मुताबिक़ मैच ${report} पर डिसकनेक्ट हुआ${quit ? ' और आपने जान-बूझकर मैच छोड़ा' : ''}। आपने जो देखा, नीचे रिपोर्ट करें।`,
  },
};

export default hi;
