/**
 * The Hindi summary under a finished download (my-data-words.ts `ExportSummaryWords`): loaded with the download's
 * data on a Hindi page, never up front.
 */
import type { ExportSummaryWords } from './my-data-words';

const SECTIONS: Record<string, string> = {
  profile: 'प्रोफ़ाइल',
  consents: 'योग्यता और सहमतियाँ',
  entries: 'एंट्री',
  matches: 'मैच, आपकी रिपोर्ट और विवाद',
  evidence: 'आपके सबूत (आपके अपलोड किए स्क्रीनशॉट)',
  payments: 'पेमेंट और रिफ़ंड',
  ledger: 'लेजर की लाइनें',
  tax_withheld: 'काटा गया टैक्स',
  prizes: 'प्राइज़',
  payouts: 'पेआउट',
  kyc: 'PAN और UPI id (PAN छिपा हुआ)',
  notifications: 'नोटिफ़िकेशन और ई-मेल सेटिंग',
  audit: 'आपके बारे में फ़ैसले (ऑडिट लॉग)',
  grievances: 'शिकायतें',
  data_exports: 'आपके पिछले डाउनलोड',
};

/** privacy.ts `sectionSize` in Hindi: "3 आइटम", "कुछ नहीं", "विवरण". */
function sizeHi(value: unknown): string {
  const count = (n: number) => (n === 0 ? 'कुछ नहीं' : `${n} आइटम`);
  if (value === null || value === undefined) return 'कुछ नहीं';
  if (Array.isArray(value)) return count(value.length);
  if (typeof value === 'object') {
    const lists = Object.values(value as Record<string, unknown>).filter(Array.isArray);
    if (lists.length > 0 && lists.length === Object.keys(value as object).length)
      return count(lists.reduce((sum, list) => sum + list.length, 0));
  }
  return 'विवरण';
}

const hi: ExportSummaryWords = {
  section: (key) => (Object.hasOwn(SECTIONS, key) ? (SECTIONS[key] ?? key) : key.replaceAll('_', ' ')),
  size: sizeHi,
};

export default hi;
