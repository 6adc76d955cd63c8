/** The Hindi words of my-data-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { MyDataWords } from './my-data-words';

const hi: MyDataWords = {
  download: {
    title: 'आपका डेटा',
    lead: (minutes) =>
      `हमारे पास आपके बारे में जो कुछ है, सब डाउनलोड करें: प्रोफ़ाइल, एंट्री, मैच, आपके सबूत, पेमेंट, लेजर, टैक्स, पेआउट, PAN (सिर्फ़ आख़िरी चार अक्षर), नोटिफ़िकेशन और आपके बारे में फ़ैसले। हर ${minutes} मिनट में एक डाउनलोड।`,
    why: 'हम क्या रखते हैं और क्यों',
    saveAgain: 'JSON फ़ाइल फिर से सेव करें',
    saveHtml: 'पढ़ने लायक कॉपी सेव करें (HTML)',
    preparing: 'आपका डेटा तैयार हो रहा है…',
    button: 'मेरा डेटा डाउनलोड करें',
    ready: 'आपका डेटा तैयार है: JSON फ़ाइल डाउनलोड हो रही है।',
  },
};

export default hi;
