import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../supabase/functions/_shared/error-codes';
import { formValuesFromProfile, imageProblem, validateProfileForm, type ProfileFormValues } from './profile';

// 23 Nov 2026, 10:00 IST: the day every date below is measured against.
const NOW = new Date('2026-11-23T04:30:00Z');
const valid: ProfileFormValues = {
  legalName: 'Arjun Mehta',
  inGameName: 'ArjunFC',
  dateOfBirth: '2005-06-15',
  gameUserId: 'ABCD-123-456-789',
  livesInIndia: true,
};

function errorsOf(values: Partial<ProfileFormValues>) {
  const result = validateProfileForm({ ...valid, ...values }, NOW);
  if (result.ok) throw new Error('expected the form to be invalid');
  return result;
}

describe('validateProfileForm', () => {
  it('accepts a complete profile, trims the names and keeps the game id as typed', () => {
    const result = validateProfileForm({ ...valid, legalName: '  Arjun Mehta ', gameUserId: ' ab-12cd ' }, NOW);
    expect(result).toEqual({
      ok: true,
      values: { legalName: 'Arjun Mehta', inGameName: 'ArjunFC', dateOfBirth: '2005-06-15', gameUserId: 'ab-12cd', livesInIndia: true },
    });
  });

  it('says a name needs at least two characters', () => {
    expect(errorsOf({ legalName: 'A' }).fieldErrors.legalName).toBe('Legal Name needs at least 2 characters');
    expect(errorsOf({ inGameName: ' x ' }).fieldErrors.inGameName).toBe('In-Game Name needs at least 2 characters');
  });

  // A child under 13 saving a profile would put their data on the site against the policy.
  it('needs players to be 13 or older on the day, counted from the date of birth', () => {
    expect(errorsOf({ dateOfBirth: '2013-11-24' }).fieldErrors.dateOfBirth).toBe('You must be 13 or older to play on Golazo');
    expect(validateProfileForm({ ...valid, dateOfBirth: '2013-11-23' }, NOW).ok).toBe(true);
    expect(errorsOf({ dateOfBirth: '2027-01-01' }).fieldErrors.dateOfBirth).toBe('Date of birth cannot be in the future');
    expect(errorsOf({ dateOfBirth: '1920-01-01' }).fieldErrors.dateOfBirth).toMatch(/under 100/);
    expect(errorsOf({ dateOfBirth: 'tomorrow' }).fieldErrors.dateOfBirth).toBe('Enter your date of birth as day, month and year');
  });

  it('summarises with "Please fill in all required fields" when a required field is empty', () => {
    const result = errorsOf({ legalName: '', inGameName: '', dateOfBirth: '', gameUserId: '' });
    expect(result.summary).toBe('Please fill in all required fields');
    expect(result.fieldErrors).toMatchObject({
      legalName: 'Legal Name needs at least 2 characters',
      inGameName: 'In-Game Name needs at least 2 characters',
      dateOfBirth: 'Date of birth is required',
      gameUserId: 'eFootball User ID is required',
    });
    expect(errorsOf({ gameUserId: ' ' }).summary).toBe('Please fill in all required fields');
  });

  it('has no summary when every required field is filled but one is invalid', () => {
    expect(errorsOf({ dateOfBirth: '2020-01-01' }).summary).toBeNull();
  });

  it('takes an eFootball user id of 6 to 20 letters, digits or dashes and says what is wrong', () => {
    expect(errorsOf({ gameUserId: 'ABC12' }).fieldErrors.gameUserId).toBe('eFootball User ID needs 6 to 20 characters');
    expect(errorsOf({ gameUserId: 'A'.repeat(21) }).fieldErrors.gameUserId).toBe('eFootball User ID needs 6 to 20 characters');
    expect(errorsOf({ gameUserId: 'ABCD_23456789' }).fieldErrors.gameUserId).toBe(
      'eFootball User ID may only contain letters, digits and dashes',
    );
    expect(validateProfileForm({ ...valid, gameUserId: 'ABCDEFGHIJKLMNOPQRST' }, NOW).ok).toBe(true);
  });

  it('caps name lengths as the database does', () => {
    expect(errorsOf({ legalName: 'x'.repeat(101) }).fieldErrors.legalName).toMatch(/100/);
    expect(errorsOf({ inGameName: 'x'.repeat(41) }).fieldErrors.inGameName).toMatch(/40/);
  });
});

describe('formValuesFromProfile', () => {
  it('fills the form from a stored row and copes with a brand-new player', () => {
    expect(formValuesFromProfile(null)).toEqual({ legalName: '', inGameName: '', dateOfBirth: '', gameUserId: '', livesInIndia: false });
    expect(
      formValuesFromProfile({
        id: 'u1',
        email: 'a@b.co',
        legal_name: 'Arjun',
        in_game_name: 'AFC',
        age: null,
        date_of_birth: '1996-02-29',
        lives_in_india_confirmed_at: '2026-11-01T00:00:00Z',
        game_user_id: 'abc-123',
        profile_completed: true,
        profile_image_url: null,
        updated_at: null,
      }),
    ).toEqual({ legalName: 'Arjun', inGameName: 'AFC', dateOfBirth: '1996-02-29', gameUserId: 'abc-123', livesInIndia: true });
  });
});

describe('profile picture rules', () => {
  it('accepts images up to 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('Image must be 2 MB or smaller');
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe('Please choose a JPG, PNG or WebP image');
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('Please choose a JPG, PNG or WebP image');
  });
});

// A blank-looking name would show as nothing in brackets and payouts, or pass for another player.
describe('invisible names', () => {
  it.each(['\u200B\u200B', '\u202E\u2066\u2069', '\u3164\u200B\uFEFF'])('refuses %j with a clear message', (name) => {
    const result = validateProfileForm({ ...valid, legalName: name, inGameName: name }, NOW);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        legalName: 'Legal Name must contain visible letters, not only spaces or invisible characters',
        inGameName: 'In-Game Name must contain visible letters, not only spaces or invisible characters',
      },
    });
  });
});

// A direction override inside a name shows it as another name, and reorders the text after it.
describe('names with hidden controls', () => {
  it.each(['Ravi\u202EnamuK', 'Ravi\u2066FC\u2069', 'Ravi\tKumar'])('refuses %j with the words the database uses', (name) => {
    const result = validateProfileForm({ ...valid, legalName: name, inGameName: name }, NOW);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        legalName: ERROR_CODES.legal_name_control_characters.message,
        inGameName: ERROR_CODES.in_game_name_control_characters.message,
      },
    });
  });

  it('keeps the joiners Indic scripts need', () => {
    expect(validateProfileForm({ ...valid, inGameName: 'क्\u200Dष FC' }, NOW)).toMatchObject({ ok: true });
  });
});
