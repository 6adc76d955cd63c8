import { describe, expect, it } from 'vitest';
import {
  formValuesFromProfile,
  imageProblem,
  parseAgeInput,
  validateProfileForm,
  type ProfileFormValues,
} from './profile';

const valid: ProfileFormValues = { legalName: 'Arjun Mehta', inGameName: 'ArjunFC', age: 19, gameUserId: 'ABCD123456789' };

function errorsOf(values: Partial<ProfileFormValues>) {
  const result = validateProfileForm({ ...valid, ...values });
  if (result.ok) throw new Error('expected the form to be invalid');
  return result;
}

describe('validateProfileForm', () => {
  it('accepts a complete profile and trims the names', () => {
    const result = validateProfileForm({ ...valid, legalName: '  Arjun Mehta ' });
    expect(result).toEqual({
      ok: true,
      values: { legalName: 'Arjun Mehta', inGameName: 'ArjunFC', age: 19, gameUserId: 'ABCD123456789' },
    });
  });

  it('requires names of at least two characters with the spec messages', () => {
    expect(errorsOf({ legalName: 'A' }).fieldErrors.legalName).toBe('Legal Name is required');
    expect(errorsOf({ inGameName: ' x ' }).fieldErrors.inGameName).toBe('In-Game Name is required');
  });

  it('keeps age between 13 and 100', () => {
    expect(errorsOf({ age: 12 }).fieldErrors.age).toBe('Must be at least 13 years old');
    expect(errorsOf({ age: 101 }).fieldErrors.age).toBe('Must be under 100 years old');
    expect(validateProfileForm({ ...valid, age: 13 }).ok).toBe(true);
    expect(validateProfileForm({ ...valid, age: 100 }).ok).toBe(true);
    expect(errorsOf({ age: 20.5 }).fieldErrors.age).toBe('Age must be a whole number');
  });

  it('summarises with "Please fill in all required fields" when a required field is empty', () => {
    const result = errorsOf({ legalName: '', inGameName: '', age: undefined, gameUserId: '' });
    expect(result.summary).toBe('Please fill in all required fields');
    expect(result.fieldErrors).toMatchObject({
      legalName: 'Legal Name is required',
      inGameName: 'In-Game Name is required',
      age: 'Age is required',
      gameUserId: 'eFootball User ID is required',
    });
    expect(errorsOf({ gameUserId: ' ' }).summary).toBe('Please fill in all required fields');
  });

  it('has no summary when every required field is filled but one is invalid', () => {
    expect(errorsOf({ age: 9 }).summary).toBeNull();
  });

  it('needs the 13-character eFootball user ID, typed with or without its separators', () => {
    expect(errorsOf({ gameUserId: 'SHORT' }).fieldErrors.gameUserId).toBe('eFootball User ID must be exactly 13 letters or digits');
    expect(errorsOf({ gameUserId: 'ABCD123456789X' }).fieldErrors.gameUserId).toMatch(/13/);
    expect(errorsOf({ gameUserId: 'ABCD_23456789' }).fieldErrors.gameUserId).toMatch(/13/);
    const typedAsShown = validateProfileForm({ ...valid, gameUserId: 'abcd-123-456-789' });
    expect(typedAsShown.ok && typedAsShown.values.gameUserId).toBe('ABCD123456789');
  });

  it('caps name lengths as the database does', () => {
    expect(errorsOf({ legalName: 'x'.repeat(101) }).fieldErrors.legalName).toMatch(/100/);
    expect(errorsOf({ inGameName: 'x'.repeat(41) }).fieldErrors.inGameName).toMatch(/40/);
  });
});

describe('parseAgeInput', () => {
  it('treats an empty input as undefined, not zero', () => {
    expect(parseAgeInput('')).toBeUndefined();
    expect(parseAgeInput('   ')).toBeUndefined();
    expect(parseAgeInput('21')).toBe(21);
    expect(parseAgeInput('abc')).toBeUndefined();
  });
});

describe('formValuesFromProfile', () => {
  it('fills the form from a stored row and copes with a brand-new player', () => {
    expect(formValuesFromProfile(null)).toEqual({ legalName: '', inGameName: '', age: undefined, gameUserId: '' });
    expect(
      formValuesFromProfile({
        id: 'u1', email: 'a@b.co', legal_name: 'Arjun', in_game_name: 'AFC', age: 30, game_user_id: null,
        profile_completed: true, profile_image_url: null, updated_at: null,
      }),
    ).toEqual({ legalName: 'Arjun', inGameName: 'AFC', age: 30, gameUserId: '' });
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
    const result = validateProfileForm({ legalName: name, inGameName: name, age: 21, gameUserId: 'ABCD123456789' });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        legalName: 'Legal Name must contain visible letters, not only spaces or invisible characters',
        inGameName: 'In-Game Name must contain visible letters, not only spaces or invisible characters',
      },
    });
  });
});
