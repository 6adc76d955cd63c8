/** Why the database called a tournament off (tournaments.cancel_reason_code): the pod page. In Hindi, for Hindi chunks only (reason-words.ts says where the codes are listed). */
import type { CancelReasonCode } from '../reason-words';

export const CANCEL_REASONS_HI: Record<CancelReasonCode, string> = {
  pod_not_filled: 'डेडलाइन से पहले पूरे खिलाड़ी नहीं जुड़े। हर एंट्री रिफ़ंड कर दी गई है।',
  too_few_checked_in: 'दो से कम खिलाड़ियों ने चेक-इन किया, इसलिए टूर्नामेंट नहीं खेला जा सका। हर पेड एंट्री रिफ़ंड कर दी गई है।',
};
