import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../supabase/functions/_shared/error-codes.ts';
import { ApiError } from './api-answer';
import { errorText, GENERIC_ERROR_TEXT } from './error-text';
import { describeFailure } from './describe-failure';

describe('errorText', () => {
  it("gives a known refusal the error table's words", () => {
    const refusal = new ApiError('refused', 'raw server text', 'rpc check_in', 'P0001', 'tournament_full');
    expect(errorText(refusal)).toBe(ERROR_CODES.tournament_full.message);
  });

  it('lets an area word a code its own way before the table', () => {
    const refusal = new ApiError('refused', 'raw', 'rpc x', 'P0001', 'tournament_full');
    expect(errorText(refusal, { tournament_full: 'No seats left in this pod.' })).toBe('No seats left in this pod.');
  });

  it("keeps the server's message for an unknown refusal, and hides anything that is not an Error", () => {
    expect(errorText(new ApiError('refused', 'Check the amount.', 'rpc x', 'P0001', 'not_a_code'))).toBe('Check the amount.');
    expect(errorText('boom')).toBe(GENERIC_ERROR_TEXT);
    expect(errorText(new Error(''))).toBe(GENERIC_ERROR_TEXT);
  });
});

describe('describeFailure', () => {
  it('gives the same sentence as errorText, once the table has loaded', async () => {
    const refusal = new ApiError('refused', 'raw', 'rpc x', 'P0001', 'tournament_full');
    expect(await describeFailure(refusal)).toBe(ERROR_CODES.tournament_full.message);
    expect(await describeFailure(new Error('Offline.'))).toBe('Offline.');
  });
});
