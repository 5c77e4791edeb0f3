// Only the pure parts are tested here; the Firebase app itself is never started.
import { profileUpdates, usernameProblem } from './profile';

describe('profileUpdates', () => {
  it('are the exact dotted-path shapes of docs/DATA_MODEL.md', () => {
    expect(profileUpdates.picture('u1', 'u1s')).toEqual({
      'profilePictures.profilePicture': 'u1',
      'profilePictures.profilePictureSmall': 'u1s',
    });
    expect(profileUpdates.cover('u2')).toEqual({ 'profilePictures.profileCover': 'u2' });
    expect(profileUpdates.about('Hi')).toEqual({ 'userInfo.userAbout': 'Hi' });
    expect(profileUpdates.about('')).toEqual({ 'userInfo.userAbout': null });
    expect(profileUpdates.dob('3rd Jul 1990')).toEqual({ 'userInfo.dob': '3rd Jul 1990' });
    expect(profileUpdates.country('Kenya')).toEqual({
      'userInfo.From': 'Kenya',
      'userInfo.Lives': 'Kenya',
    });
  });
});

describe('usernameProblem', () => {
  it('refuses empty and blank names', () => {
    expect(usernameProblem('')).toBe('empty');
    expect(usernameProblem('   ')).toBe('empty');
  });

  it('allows 32 characters and refuses 33', () => {
    expect(usernameProblem('a'.repeat(32))).toBeNull();
    expect(usernameProblem('a'.repeat(33))).toBe('tooLong');
    expect(usernameProblem(`  ${'a'.repeat(32)}  `)).toBeNull();
  });

  it('refuses names that hide what they show', () => {
    expect(usernameProblem('\u202Eecila')).toBe('bidi');
    expect(usernameProblem('Al\u200Bice')).toBe('invisible');
    expect(usernameProblem(`a${'\u0301'.repeat(31)}`)).toBe('marks');
  });
});
