/**
 * The pay panel's words in both languages (its buttons, the slot choice, the registered note, the entry
 * blocks and the checkout's outcomes), read through the page's language store (lib/i18n/use-messages).
 * Amounts arrive formatted (₹ with lakh grouping in both languages) and counts as numbers, so each sentence
 * states them in its own grammar: "Pay ₹200 & Register 2 Slots" / "₹200 पे करें और 2 स्लॉट रजिस्टर करें".
 * A refusal the server sends is worded from its code (lib/i18n/refusal.ts), never its English message.
 * Hindi follows docs/hindi-glossary.md.
 */
import { formatRupees } from '@/lib/format';
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import type { FreeEntryRefusal, PaidEntryRefusal } from '@/lib/legal';
import { ENTRY_BLOCKS, FREE_ENTRY_LABEL, FREE_ENTRY_SUCCESS } from './eligibility';
import { PaymentMessages, payButtonLabel, perBuyerLine, slotOptionLabel } from './payments';

type Block = { label: string; note: string | null };

export type PayWords = {
  full: string;
  /** The fee as the panel shows it: "Free" for a free tournament, else ₹ with lakh grouping. */
  fee: (entryFeeRupees: number) => string;
  signInToEnter: string;
  entry: string;
  entryFeePerSlot: string;
  registered: string;
  entryConfirmed: string;
  paymentCompleted: string;
  youHold: (slots: number) => string;
  moreFrom: (date: string, time: string) => string;
  addMoreBelow: string;
  goToMyTournaments: string;
  chooseSlots: string;
  slotOption: (slots: number, entryFeeRupees: number) => string;
  payButton: (slots: number, entryFeeRupees: number) => string;
  perBuyer: (perBuyer: number) => string;
  processing: string;
  entering: string;
  enterFree: string;
  enteredFree: string;
  blocks: Record<PaidEntryRefusal | FreeEntryRefusal, Block>;
  messages: {
    loginRequired: string;
    success: string;
    alreadyRegistered: string;
    cancelled: string;
    abandoned: string;
    registrationFailed: string;
    /** The server's refusal, already in this language (or null when it gave no reason we know). */
    createOrderFailed: (reason: string | null) => string;
    verificationFailed: (reason: string | null) => string;
    /** `detail` is the browser's or Razorpay's own English words: the English sentence quotes them, Hindi does not. */
    processingFailed: (detail: string | undefined) => string;
    checkoutFailed: (detail: string | undefined) => string;
  };
};

/** The entry blocks' words without their links (the links are the same in both languages). */
function wordsOf(blocks: typeof ENTRY_BLOCKS): PayWords['blocks'] {
  const entries = Object.entries(blocks).map(([reason, { label, note }]) => [reason, { label, note }]);
  return Object.fromEntries(entries) as PayWords['blocks'];
}

const en: PayWords = {
  full: 'Full',
  // money-words.ts's words, kept here so the panel loads no shared chunk for them (money-words.test.ts compares).
  fee: (rupees) => (rupees === 0 ? 'Free' : formatRupees(rupees)),
  signInToEnter: 'Sign in to enter',
  entry: 'Entry',
  entryFeePerSlot: 'Entry fee per slot',
  registered: 'Registered',
  entryConfirmed: 'Entry confirmed',
  paymentCompleted: 'Payment completed',
  youHold: (slots) => `You hold ${slots} ${slots === 1 ? 'slot' : 'slots'}.`,
  moreFrom: (date, time) => `More slots from ${date}, ${time}.`,
  addMoreBelow: 'Add more below.',
  goToMyTournaments: 'Go to My Tournaments',
  chooseSlots: 'Select Number of Slots',
  slotOption: slotOptionLabel,
  payButton: payButtonLabel,
  perBuyer: perBuyerLine,
  processing: 'Processing...',
  entering: 'Entering...',
  enterFree: FREE_ENTRY_LABEL,
  enteredFree: FREE_ENTRY_SUCCESS,
  blocks: wordsOf(ENTRY_BLOCKS),
  messages: {
    loginRequired: PaymentMessages.loginRequired,
    success: PaymentMessages.success,
    alreadyRegistered: PaymentMessages.alreadyRegistered,
    cancelled: PaymentMessages.cancelled,
    abandoned: PaymentMessages.abandoned,
    registrationFailed: PaymentMessages.registrationFailed,
    createOrderFailed: (reason) => PaymentMessages.createOrderFailed(reason ?? undefined),
    verificationFailed: (reason) => PaymentMessages.verificationFailed(reason ?? undefined),
    processingFailed: PaymentMessages.processingFailed,
    checkoutFailed: PaymentMessages.checkoutFailed,
  },
};

export const PAY_WORDS: Record<Lang, PayWords> = islandWords(en, () => import('./pay-words-hi'));
