/** Why an entry was withdrawn (entries.withdraw_reason_code): the check-in area and My Earnings. In Hindi, for Hindi chunks only (reason-words.ts says where the codes are listed). */
import type { WithdrawReasonCode } from '../reason-words';

const ENTRY_FEE_REFUNDED = 'आपकी एंट्री फ़ीस पूरी रिफ़ंड की जाती है।';
const ITS_FEE_REFUNDED = 'इसकी फ़ीस पूरी रिफ़ंड की जाती है।';
const MISSED = 'चेक-इन बंद होने से पहले आपने चेक-इन नहीं किया।';
const UNCLAIMED = 'चेक-इन बंद होने से पहले किसी ने यह जगह स्वीकार नहीं की।';
const CLOSED_EARLY = 'आपके चेक-इन करने से पहले ही आयोजकों ने चेक-इन जल्दी बंद कर दिया।';
const CLOSED_EARLY_UNCLAIMED = 'किसी के यह जगह स्वीकार करने से पहले ही चेक-इन जल्दी बंद कर दिया गया।';

export const WITHDRAW_REASONS_HI: Record<WithdrawReasonCode, string> = {
  missed_check_in: MISSED,
  missed_check_in_refunded: `${MISSED} ${ENTRY_FEE_REFUNDED}`,
  place_unclaimed: UNCLAIMED,
  place_unclaimed_refunded: `${UNCLAIMED} ${ITS_FEE_REFUNDED}`,
  closed_early: CLOSED_EARLY,
  closed_early_refunded: `${CLOSED_EARLY} ${ENTRY_FEE_REFUNDED}`,
  closed_early_unclaimed: CLOSED_EARLY_UNCLAIMED,
  closed_early_unclaimed_refunded: `${CLOSED_EARLY_UNCLAIMED} ${ITS_FEE_REFUNDED}`,
  disqualified: 'रेफ़री ने डिसक्वालिफ़ाई कर दिया।',
  parental_consent_withdrawn: 'माता-पिता ने अपनी सहमति वापस ले ली।',
};
