import { storedPhotoAlt } from './photoAlt';

describe('storedPhotoAlt', () => {
  it('keeps a description trimmed, in any script, emoji and punctuation included', () => {
    expect(storedPhotoAlt('  A red kite over the dunes.\n')).toBe('A red kite over the dunes.');
    expect(storedPhotoAlt('夕焼けの海')).toBe('夕焼けの海');
    expect(storedPhotoAlt('🐕')).toBe('🐕');
    expect(storedPhotoAlt('?')).toBe('?');
  });

  it('stores nothing for text a reader would see as blank, as the rules would refuse it', () => {
    for (const blank of ['', '   ', '\n\t', '\u200b\u200d', '\u3164\u3164', '\u2800', '\u00ad']) {
      expect(storedPhotoAlt(blank)).toBeNull();
    }
  });
});
