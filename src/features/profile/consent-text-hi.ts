/** The Hindi words of the parental consent page (consent-words.ts), loaded as a Hindi page reads its link. */
import { loginUrlFor } from '@/features/auth/auth';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import type { ConsentWords } from './consent-words';

const hi: ConsentWords = {
  missing: 'इस पेज के लिए सहमति ई-मेल का लिंक चाहिए। ई-मेल से लिंक फिर से खोलें।',
  confirmed: (name) =>
    `धन्यवाद। ${name ? `${name} के लिए ` : ''}आपकी सहमति दर्ज हो गई: अब वे फ़्री टूर्नामेंट में हिस्सा ले सकते हैं। इसे कभी भी वापस लेने का लिंक हमने आपको ई-मेल कर दिया है।`,
  withdrawn: (name) => `${name ? `${name} के लिए ` : ''}आपकी सहमति वापस ले ली गई: उनकी एंट्री ख़त्म हो गई हैं, और फ़्री टूर्नामेंट उनके लिए फिर से बंद हैं।`,
  withdrawIntro:
    'आपने अपने बच्चे को Golazo Arena पर फ़्री टूर्नामेंट में हिस्सा लेने की सहमति दी थी। आप इसे अभी एक क्लिक में वापस ले सकते हैं। इसके साथ उनकी एंट्री ख़त्म हो जाती हैं: जो टूर्नामेंट अभी शुरू नहीं हुआ उसकी जगह वापस दी जाती है, और चल रहा मैच विरोधी को मिलता है।',
  withdrawing: 'वापस ली जा रही है…',
  withdraw: 'मेरी सहमति वापस लें',
  asks: (adultAge) => [
    '',
    ` ने Golazo Arena पर फ़्री eFootball टूर्नामेंट में हिस्सा लेने की अनुमति माँगी है। ${adultAge} साल से कम उम्र के खिलाड़ी सिर्फ़ फ़्री टूर्नामेंट में, और सिर्फ़ माता-पिता की सहमति से, हिस्सा ले सकते हैं। पेड टूर्नामेंट उनके लिए बंद रहते हैं।`,
  ],
  yourChild: 'आपके बच्चे',
  accountNeeds:
    'सहमति आप अपने ही Golazo Arena अकाउंट से देते हैं, उसी पते वाले अकाउंट से जिस पर यह ई-मेल आया है, और उसमें ऐसा PAN होना चाहिए जिसे हमारी PAN जाँच ने वेरिफ़ाई किया हो (मेरी कमाई, “PAN और UPI id”): इसी से हमें पता चलता है कि सहमति कोई वयस्क दे रहा है।',
  // The Hindi sign-in page, coming back to the Hindi consent page after.
  signInHref: () => localePath(loginUrlFor(localePath(ROUTES.parentalConsent.path, 'hi')), 'hi'),
  checkingSignIn: 'देखा जा रहा है कि आप साइन इन हैं या नहीं…',
  signInToConsent: 'सहमति देने के लिए साइन इन करें',
  signedInAs: (email) => `${email} से साइन इन हैं।`,
  code: (length) => `ई-मेल में आया ${length} अंकों का कोड`,
  fullName: 'आपका पूरा नाम',
  relationLabel: 'आप उनके क्या हैं',
  choose: 'चुनें…',
  relations: { mother: 'माँ', father: 'पिता', legal_guardian: 'कानूनी अभिभावक' },
  recording: 'दर्ज हो रहा है…',
  consent: 'मैं सहमति देता/देती हूँ',
  wrongCode: (left) => `यह वह कोड नहीं है जो हमने आपको ई-मेल किया था। ${left} कोशिश बाकी।`,
};

export default hi;
