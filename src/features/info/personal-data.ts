/**
 * The privacy notice's table of personal data, in one place: what we store, why, on what legal basis, who
 * else receives it and how long it is kept, in English and Hindi. Both notices (/privacy-policy and
 * /privacy-policy-hi) render it; nothing else restates it.
 *
 * PERSONAL_COLUMNS maps every database column that holds personal data (`schema.table.column`) to its row of
 * the table. supabase/tests/privacy-notice-columns.test.ts fails when a column tagged `personal:` in the
 * schema is missing here, or when a column named here does not exist, so the notice cannot fall behind
 * the database.
 */

type Text = { en: string; hi: string };
export type NoticeLanguage = keyof Text;

/** Who else receives personal data: the processors the platform hands it to, and other players. */
export const RECIPIENTS = {
  supabase: { en: 'Supabase (database, sign-in and file storage)', hi: 'Supabase (डेटाबेस, साइन-इन और फ़ाइल भंडारण)' },
  razorpay: { en: 'Razorpay (entry fees and refunds)', hi: 'Razorpay (प्रवेश शुल्क और रिफ़ंड)' },
  razorpayx: { en: 'RazorpayX (prize payouts to your UPI id)', hi: 'RazorpayX (आपकी UPI id पर इनाम का भुगतान)' },
  panCheck: { en: 'our PAN check provider (name on the PAN)', hi: 'हमारा PAN जाँच प्रदाता (PAN पर नाम)' },
  mail: { en: 'our e-mail provider (messages to you)', hi: 'हमारा ई-मेल प्रदाता (आपको संदेश)' },
  opponent: { en: 'your opponent in that match', hi: 'उस मैच में आपका प्रतिद्वंद्वी' },
  public: { en: 'everyone: it is published', hi: 'सभी: यह प्रकाशित होता है' },
  parent: { en: 'the parent or guardian', hi: 'माता-पिता या अभिभावक' },
  whatsapp: { en: 'Meta (WhatsApp messages you chose)', hi: 'Meta (आपके चुने हुए WhatsApp संदेश)' },
  pushService: {
    en: "your browser's push service (Google, Mozilla, Apple or Microsoft)",
    hi: 'आपके ब्राउज़र की पुश सेवा (Google, Mozilla, Apple या Microsoft)',
  },
  staff: { en: "the tournament's staff", hi: 'टूर्नामेंट का स्टाफ़' },
} as const satisfies Record<string, Text>;
type Recipient = keyof typeof RECIPIENTS;

/** The retention periods the notice states (each a rule the database's retention applies). */
export const RETENTION = {
  account: {
    en: 'While your account is open. After you ask to delete it: 7 days, then erased.',
    hi: 'जब तक आपका खाता खुला है। हटाने का अनुरोध करने पर: 7 दिन, फिर मिटा दिया जाता है।',
  },
  money: {
    en: '8 years (books of account and tax law), also after your account is deleted.',
    hi: '8 वर्ष (लेखा-बही और कर कानून), खाता हटाने के बाद भी।',
  },
  evidence: {
    en: '90 days after the tournament settles. Longer only while a dispute or chargeback is open.',
    hi: 'टूर्नामेंट निपटने के 90 दिन बाद तक। विवाद या चार्जबैक खुला हो, तभी अधिक।',
  },
  logs: { en: '1 year.', hi: '1 वर्ष।' },
  outsideCalls: {
    en: 'Your address, number, device and the text: until the message is delivered, you withdraw the consent it needs or your account is erased; 30 days for a message that could not be sent. The record that it was sent (no personal data): 1 year.',
    hi: 'आपका पता, नंबर, डिवाइस और संदेश का पाठ: संदेश पहुँचने, उसकी सहमति वापस लेने या खाता मिटाए जाने तक; जो संदेश भेजा न जा सका उसके लिए 30 दिन। भेजे जाने का रिकॉर्ड (बिना व्यक्तिगत डेटा): 1 वर्ष।',
  },
  consentLink: {
    en: 'The consent record while the account is open. A used or expired link is deleted.',
    hi: 'सहमति का रिकॉर्ड खाता खुला रहने तक। उपयोग हो चुका या समाप्त लिंक हटा दिया जाता है।',
  },
  storyNews: {
    en: 'Until you unsubscribe. An address never confirmed: 30 days.',
    hi: 'जब तक आप सदस्यता न छोड़ें। जिस पते की पुष्टि न हो: 30 दिन।',
  },
  grievance: {
    en: '1 year after it is resolved.',
    hi: 'निपटारे के 1 वर्ष बाद तक।',
  },
} as const satisfies Record<string, Text>;

const BASIS = {
  consent: { en: 'Your consent (DPDP Act s.6)', hi: 'आपकी सहमति (DPDP अधिनियम धारा 6)' },
  parentConsent: {
    en: "A parent's verifiable consent (DPDP Act s.9)",
    hi: 'माता-पिता की सत्यापन योग्य सहमति (DPDP अधिनियम धारा 9)',
  },
  law: {
    en: 'Required by law: Income-tax Act, Companies Act (DPDP Act s.7)',
    hi: 'कानून द्वारा आवश्यक: आयकर अधिनियम, कंपनी अधिनियम (DPDP अधिनियम धारा 7)',
  },
  rights: { en: 'Your rights under the DPDP Act (s.11 to s.13)', hi: 'DPDP अधिनियम के तहत आपके अधिकार (धारा 11 से 13)' },
} as const satisfies Record<string, Text>;

export type PersonalDataRow = {
  what: Text;
  why: Text;
  basis: Text;
  recipients: readonly Recipient[];
  retention: Text;
};

/** The notice's table, one row per kind of data, in the order the notice shows them. */
export const PERSONAL_DATA = {
  account: {
    what: { en: 'Sign-in e-mail address', hi: 'साइन-इन ई-मेल पता' },
    why: {
      en: 'To sign you in with a one-time code and to write to you about your tournaments and payments.',
      hi: 'एक-बार के कोड से साइन-इन कराने और आपके टूर्नामेंट व भुगतान के बारे में लिखने के लिए।',
    },
    basis: BASIS.consent,
    recipients: ['supabase', 'mail'],
    retention: RETENTION.account,
  },
  profile: {
    what: {
      en: 'Legal name, date of birth (or age), residence in India, eFootball user id, profile picture',
      hi: 'कानूनी नाम, जन्म तिथि (या आयु), भारत में निवास, eFootball यूज़र id, प्रोफ़ाइल चित्र',
    },
    why: {
      en: 'To check who may play and pay (18+ for paid entry, India only) and to find you in the game.',
      hi: 'यह जाँचने के लिए कि कौन खेल और भुगतान कर सकता है (सशुल्क प्रवेश 18+, केवल भारत) और गेम में आपको पहचानने के लिए।',
    },
    basis: BASIS.consent,
    recipients: ['supabase'],
    retention: RETENTION.account,
  },
  inGameName: {
    what: { en: 'In-game name, results, places and prizes', hi: 'इन-गेम नाम, परिणाम, स्थान और इनाम' },
    why: {
      en: 'Brackets, standings and prize lists are public, so every player can check them.',
      hi: 'ब्रैकेट, स्टैंडिंग और इनाम सूची सार्वजनिक हैं, ताकि हर खिलाड़ी उन्हें जाँच सके।',
    },
    basis: BASIS.consent,
    recipients: ['supabase', 'public'],
    retention: {
      en: 'While your account is open. After erasure, results show "Deleted player".',
      hi: 'जब तक खाता खुला है। मिटाने के बाद परिणामों में "Deleted player" दिखता है।',
    },
  },
  parentalConsent: {
    what: { en: "A parent's e-mail address and their confirmation", hi: 'माता-पिता का ई-मेल पता और उनकी पुष्टि' },
    why: {
      en: 'Players of 13 to 17 join free tournaments only with a parent’s consent.',
      hi: '13 से 17 वर्ष के खिलाड़ी केवल माता-पिता की सहमति से मुफ़्त टूर्नामेंट में भाग लेते हैं।',
    },
    basis: BASIS.parentConsent,
    recipients: ['supabase', 'mail', 'parent'],
    retention: RETENTION.consentLink,
  },
  invitation: {
    what: { en: 'An e-mail address you invite to an extra slot', hi: 'अतिरिक्त स्लॉट के लिए आमंत्रित ई-मेल पता' },
    why: { en: 'To send the invitation you asked for.', hi: 'आपके कहे अनुसार आमंत्रण भेजने के लिए।' },
    basis: BASIS.consent,
    recipients: ['supabase', 'mail'],
    retention: RETENTION.account,
  },
  storyNews: {
    what: { en: '"Notify me" e-mail address and the consent text', hi: '"Notify me" ई-मेल पता और सहमति का पाठ' },
    why: {
      en: 'To e-mail you when player stories are published.',
      hi: 'खिलाड़ियों की कहानियाँ प्रकाशित होने पर आपको ई-मेल करने के लिए।',
    },
    basis: BASIS.consent,
    recipients: ['supabase', 'mail'],
    retention: RETENTION.storyNews,
  },
  evidence: {
    what: {
      en: 'Result screenshots, dispute statements and staff notes on a dispute',
      hi: 'परिणाम के स्क्रीनशॉट, विवाद के बयान और विवाद पर स्टाफ़ के नोट',
    },
    why: {
      en: 'To confirm results and settle disputes fairly.',
      hi: 'परिणामों की पुष्टि करने और विवादों को निष्पक्ष रूप से निपटाने के लिए।',
    },
    basis: BASIS.consent,
    recipients: ['supabase', 'opponent'],
    retention: RETENTION.evidence,
  },
  kyc: {
    what: { en: 'PAN and UPI id', hi: 'PAN और UPI id' },
    why: {
      en: 'Tax must be withheld on winnings against your PAN, and prizes are paid to your UPI id.',
      hi: 'जीत पर कर आपके PAN के आधार पर काटा जाता है, और इनाम आपकी UPI id पर भेजा जाता है।',
    },
    basis: BASIS.law,
    recipients: ['supabase', 'panCheck', 'razorpayx'],
    retention: RETENTION.money,
  },
  money: {
    what: {
      en: 'Payments, refunds, chargebacks, the ledger, tax withheld and payouts',
      hi: 'भुगतान, रिफ़ंड, चार्जबैक, लेजर, काटा गया कर और भुगतान (पेआउट)',
    },
    why: {
      en: 'To take entry fees, refund them, credit prizes and keep the accounts tax law asks for.',
      hi: 'प्रवेश शुल्क लेने, लौटाने, इनाम जमा करने और कर कानून द्वारा माँगे गए खाते रखने के लिए।',
    },
    basis: BASIS.law,
    recipients: ['supabase', 'razorpay', 'razorpayx'],
    retention: RETENTION.money,
  },
  chat: {
    what: { en: 'Match chat messages and the messages you report', hi: 'मैच चैट के संदेश और आपके द्वारा रिपोर्ट किए गए संदेश' },
    why: {
      en: 'So the two players and staff can sort out a match on the site, and staff can act on abuse.',
      hi: 'ताकि दोनों खिलाड़ी और स्टाफ़ साइट पर ही मैच की बात कर सकें, और स्टाफ़ दुर्व्यवहार पर कार्रवाई कर सके।',
    },
    basis: BASIS.consent,
    recipients: ['supabase', 'opponent', 'staff'],
    retention: RETENTION.evidence,
  },
  alerts: {
    what: {
      en: 'Devices you turned push on for, your WhatsApp number and its consent, the events you chose',
      hi: 'जिन डिवाइस पर आपने पुश चालू किया, आपका WhatsApp नंबर और उसकी सहमति, आपके चुने हुए इवेंट',
    },
    why: {
      en: 'To tell you the moment your match is ready, on your phone, when you asked for it.',
      hi: 'आपके कहने पर, आपका मैच तैयार होते ही आपके फ़ोन पर बताने के लिए।',
    },
    basis: BASIS.consent,
    recipients: ['supabase', 'pushService', 'whatsapp'],
    retention: {
      en: 'Until you turn it off or withdraw the WhatsApp consent; a device the push service no longer knows is deleted; the record of each code sent to a number, 24 hours.',
      hi: 'जब तक आप इसे बंद न करें या WhatsApp सहमति वापस न लें; जिस डिवाइस को पुश सेवा नहीं पहचानती, वह हटा दिया जाता है; किसी नंबर पर भेजे गए हर कोड का रिकॉर्ड, 24 घंटे।',
    },
  },
  notifications: {
    what: { en: 'Notifications and your e-mail choices', hi: 'सूचनाएँ और ई-मेल की आपकी पसंद' },
    why: {
      en: 'To tell you about check-in, matches, prizes and payouts.',
      hi: 'चेक-इन, मैच, इनाम और भुगतान के बारे में बताने के लिए।',
    },
    basis: BASIS.consent,
    recipients: ['supabase', 'mail'],
    retention: RETENTION.account,
  },
  logs: {
    what: {
      en: 'Logs of processing: staff decisions, messages to outside services and their answers',
      hi: 'प्रोसेसिंग के लॉग: स्टाफ़ के निर्णय, बाहरी सेवाओं को संदेश और उनके उत्तर',
    },
    why: {
      en: 'To show who decided what, and to investigate problems and breaches.',
      hi: 'यह दिखाने के लिए कि किसने क्या तय किया, और समस्याओं व उल्लंघनों की जाँच के लिए।',
    },
    basis: BASIS.law,
    recipients: ['supabase', 'razorpay', 'razorpayx', 'panCheck', 'mail'],
    retention: RETENTION.logs,
  },
  outsideCalls: {
    what: {
      en: 'Messages we send for you and calls to outside services: your e-mail address, WhatsApp number or device, the message',
      hi: 'आपके लिए भेजे गए संदेश और बाहरी सेवाओं को कॉल: आपका ई-मेल पता, WhatsApp नंबर या डिवाइस, संदेश',
    },
    why: {
      en: 'To deliver the e-mails, alerts, checks and payouts you asked for, once each.',
      hi: 'आपके माँगे ई-मेल, अलर्ट, जाँच और भुगतान एक-एक बार पहुँचाने के लिए।',
    },
    basis: BASIS.law,
    recipients: ['supabase', 'razorpay', 'razorpayx', 'panCheck', 'mail', 'pushService', 'whatsapp'],
    retention: RETENTION.outsideCalls,
  },
  grievance: {
    what: { en: 'Your grievances and our answers', hi: 'आपकी शिकायतें और हमारे उत्तर' },
    why: { en: 'To answer and resolve them within the deadlines.', hi: 'समय-सीमा के भीतर उनका उत्तर और निपटारा करने के लिए।' },
    basis: BASIS.rights,
    recipients: ['supabase', 'mail'],
    retention: RETENTION.grievance,
  },
} as const satisfies Record<string, PersonalDataRow>;

export type PersonalDataKind = keyof typeof PERSONAL_DATA;

/** Every database column holding personal data, by `schema.table.column`, and its row of the notice. */
export const PERSONAL_COLUMNS = {
  'auth.users.email': 'account',
  'public.profiles.email': 'account',
  'public.profiles.legal_name': 'profile',
  'public.profiles.age': 'profile',
  'public.profiles.date_of_birth': 'profile',
  'public.profiles.lives_in_india_confirmed_at': 'profile',
  'public.profiles.game_user_id': 'profile',
  'public.profiles.profile_image_url': 'profile',
  'public.profiles.in_game_name': 'inGameName',
  'private.parental_consents.parent_email': 'parentalConsent',
  'public.entries.invited_email': 'invitation',
  'public.story_notification_signups.email': 'storyNews',
  'private.match_reports.screenshot_path': 'evidence',
  'private.match_dispute_statements.screenshot_path': 'evidence',
  'private.match_dispute_statements.details': 'evidence',
  'public.match_disputes.details': 'evidence',
  'public.match_disputes.note': 'evidence',
  'public.kyc_records.pan_ciphertext': 'kyc',
  'public.kyc_records.pan_last4': 'kyc',
  'public.kyc_records.pan_hmac': 'kyc',
  'public.kyc_records.upi_id': 'kyc',
  'public.kyc_records.reason': 'kyc',
  'public.payouts.upi_id': 'money',
  'private.prize_awards.note': 'money',
  'private.foreign_captures.notes': 'money',
  'public.match_messages.body': 'chat',
  'private.match_message_reports.reason': 'chat',
  'public.push_subscriptions.endpoint': 'alerts',
  'public.push_subscriptions.p256dh': 'alerts',
  'public.push_subscriptions.auth': 'alerts',
  'public.whatsapp_contacts.phone': 'alerts',
  'private.whatsapp_consents.phone': 'alerts',
  'private.whatsapp_opt_in_codes.phone': 'alerts',
  'private.whatsapp_code_sends.phone': 'alerts',
  'public.notifications.title': 'notifications',
  'public.notifications.body': 'notifications',
  'public.notifications.message_params': 'notifications',
  'private.pending_messages.params': 'notifications',
  'private.outbox.payload': 'outsideCalls',
  'private.outbox.last_answer': 'outsideCalls',
  'private.outbox_answers.answer': 'outsideCalls',
  'public.audit_log.summary': 'logs',
  'public.audit_log.reason': 'logs',
  'public.audit_log.before': 'logs',
  'public.audit_log.after': 'logs',
  'private.grievances.email': 'grievance',
  'private.grievances.subject': 'grievance',
  'private.grievances.body': 'grievance',
  'private.grievances.acknowledgement': 'grievance',
  'private.grievances.resolution': 'grievance',
} as const satisfies Record<string, PersonalDataKind>;

/** The column headings of the table, per language. */
export const TABLE_HEADINGS: Record<NoticeLanguage, Record<keyof PersonalDataRow, string>> = {
  en: { what: 'What', why: 'Why', basis: 'Legal basis', recipients: 'Who else receives it', retention: 'How long' },
  hi: { what: 'क्या', why: 'क्यों', basis: 'कानूनी आधार', recipients: 'और किसे मिलता है', retention: 'कितने समय तक' },
};

export type NoticeRow = Record<keyof PersonalDataRow, string> & { kind: PersonalDataKind };

/** The table's rows in one language, ready to render. */
export function noticeRows(language: NoticeLanguage): NoticeRow[] {
  return (Object.entries(PERSONAL_DATA) as [PersonalDataKind, PersonalDataRow][]).map(([kind, row]) => ({
    kind,
    what: row.what[language],
    why: row.why[language],
    basis: row.basis[language],
    recipients: row.recipients.map((recipient) => RECIPIENTS[recipient][language]).join('; '),
    retention: row.retention[language],
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The table as static HTML for a policy page (no script): a real table on wide screens; on a phone each row
 * reads as a card, every cell led by its column's heading (data-label).
 */
export function noticeTableHtml(language: NoticeLanguage): string {
  const headings = TABLE_HEADINGS[language];
  const columns = ['what', 'why', 'basis', 'recipients', 'retention'] as const;
  const head = columns.map((column) => `<th scope="col">${escapeHtml(headings[column])}</th>`).join('');
  const body = noticeRows(language)
    .map(
      (row) =>
        `<tr data-kind="${row.kind}">${columns
          .map((column) =>
            column === 'what'
              ? `<th scope="row" data-label="${escapeHtml(headings[column])}">${escapeHtml(row[column])}</th>`
              : `<td data-label="${escapeHtml(headings[column])}">${escapeHtml(row[column])}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  return `<div class="notice-table"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}
