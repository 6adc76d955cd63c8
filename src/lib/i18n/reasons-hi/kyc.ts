/** Why a PAN or UPI id was refused, or its check runs late (kyc_records.reason_code): My Earnings. In Hindi, for Hindi chunks only (reason-words.ts says where the codes are listed). */
import type { KycReasonCode } from '../reason-words';

export const KYC_REASONS_HI: Record<KycReasonCode, string> = {
  pan_not_verified:
    'यह PAN आपके अकाउंट के लिए वेरिफ़ाई नहीं हो सका। इसे अपने PAN कार्ड से मिलाएँ, और देखें कि यहाँ आपका कानूनी नाम ठीक वैसा ही है जैसा उस पर छपा है, फिर दोबारा भेजें। दोनों सही हों, तो सपोर्ट को लिखें।',
  upi_not_verified: 'यह UPI id वेरिफ़ाई नहीं हो सका: इसे अपने UPI ऐप में देखें और दोबारा भेजें।',
  check_late: 'आपके PAN या UPI id की जाँच में ज़रूरत से ज़्यादा समय लग रहा है: हमारी टीम इसे दोबारा कर रही है। आपको फिर से भेजने की ज़रूरत नहीं है।',
};
