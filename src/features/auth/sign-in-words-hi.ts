/**
 * The Hindi words of sign-in-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts).
 * Follows docs/hindi-glossary.md.
 */
import { CODE_LENGTH } from './auth';
import { LOGIN_REQUIRED_MESSAGE_HI } from './guard';
import type { SignInWords } from './sign-in-words';

const hi: SignInWords = {
  modes: {
    'sign-in': {
      eyebrow: 'Golazo Arena पर खेलें',
      title: 'लॉग इन',
      intro: `अपना ई-मेल डालें, हम आपको ${CODE_LENGTH} अंकों का कोड भेजेंगे। कोई पासवर्ड याद नहीं रखना।`,
      switchText: 'Golazo Arena पर नए हैं?',
      switchLink: 'अकाउंट बनाएँ',
    },
    'sign-up': {
      eyebrow: 'एरीना से जुड़ें',
      title: 'अपना अकाउंट बनाएँ',
      intro: `अपने ई-मेल से साइन अप करें: यह आपका ही है, इसकी पुष्टि के लिए हम ${CODE_LENGTH} अंकों का कोड भेजेंगे। फिर अपनी प्रोफ़ाइल पूरी करें और टूर्नामेंट के लिए रजिस्टर करें।`,
      switchText: 'पहले से अकाउंट है?',
      switchLink: 'लॉग इन करें',
    },
  },
  email: 'ई-मेल पता',
  sendCode: 'कोड भेजें',
  sendingCode: 'कोड भेज रहे हैं…',
  or: 'या',
  google: 'Google से जारी रखें',
  checkInbox: 'अपना इनबॉक्स देखें',
  twoStep: 'दो-चरण वाला साइन इन',
  enterCode: 'अपना कोड डालें',
  authenticatorCode: 'ऑथेंटिकेटर कोड',
  codeSentTo: [`हमने ${CODE_LENGTH} अंकों का कोड `, ' पर भेजा है। यह जल्दी एक्सपायर होता है, इसलिए इसे यहीं डालें।'],
  openAuthenticator: `अपना ऑथेंटिकेटर ऐप खोलें और Golazo Arena के लिए दिखा ${CODE_LENGTH} अंकों का कोड डालें।`,
  codeFromEmail: 'ई-मेल वाला कोड',
  codeFromApp: 'ऐप वाला कोड',
  verify: 'पुष्टि करें और आगे बढ़ें',
  checking: 'जाँच रहे हैं…',
  resendIn: (seconds) => `${seconds} सेकंड में कोड दोबारा भेजें`,
  resend: 'कोड दोबारा भेजें',
  differentEmail: 'दूसरा ई-मेल इस्तेमाल करें',
  cancelSignOut: 'रद्द करें और साइन आउट करें',
  leaving: 'आप साइन इन हो गए। आपको वापस ले जा रहे हैं…',
  loggedOut: 'आप लॉग आउट हो गए हैं।',
  somethingWrong: 'कुछ गड़बड़ हो गई। फिर से कोशिश करें।',
  incompleteCode: `${CODE_LENGTH} अंकों का कोड डालें।`,
  failures: {
    'wrong-code': 'यह कोड गलत है या एक्सपायर हो गया है। सबसे नया ई-मेल देखें या नया कोड भेजें।',
    'wrong-authenticator-code': 'यह ऑथेंटिकेटर कोड गलत है या एक्सपायर हो गया है। अपने ऐप का अभी का कोड डालें।',
    'too-many-attempts': 'बहुत ज़्यादा कोशिशें। दोबारा कोशिश से पहले एक मिनट रुकें।',
    'invalid-email': 'सही ई-मेल पता डालें।',
    network: 'साइन-इन सर्विस तक नहीं पहुँच सके। अपना कनेक्शन देखें और फिर कोशिश करें।',
    unknown: 'कुछ गड़बड़ हो गई। फिर से कोशिश करें।',
  },
  loginRequired: LOGIN_REQUIRED_MESSAGE_HI,
  page: {
    'sign-in': { title: 'लॉग इन', description: (product) => `अपने ई-मेल पर आए एक बार के कोड से ${product} में लॉग इन करें।` },
    'sign-up': {
      title: 'रजिस्टर करें',
      description: (product) => `अपने ई-मेल से ${product} अकाउंट बनाएँ और कैश प्राइज़ वाले eFootball टूर्नामेंट में हिस्सा लें।`,
    },
  },
};

export default hi;
