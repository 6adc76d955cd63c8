/**
 * reason-words.ts in Hindi: the database's reasons by their codes, in the glossary's words (docs/hindi-glossary.md),
 * one module per kind so each Hindi chunk carries only the reasons its page shows. This whole table is what the
 * tests hold against the schema's lists of codes.
 */
import type { ReasonWords } from './reason-words';
import { CANCEL_REASONS_HI } from './reasons-hi/cancel';
import { KYC_REASONS_HI } from './reasons-hi/kyc';
import { PAYMENT_REASONS_HI } from './reasons-hi/payment';
import { WITHDRAW_REASONS_HI } from './reasons-hi/withdraw';

export const REASON_WORDS_HI: ReasonWords = {
  withdraw: WITHDRAW_REASONS_HI,
  payment: PAYMENT_REASONS_HI,
  cancel: CANCEL_REASONS_HI,
  kyc: KYC_REASONS_HI,
};
