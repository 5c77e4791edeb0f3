import { searchNameOf, searchPrefixOf, searchRangeEnd, storedUserName } from './searchName';

describe('search names', () => {
  it('lower-cases the stored name’s ASCII letters, as the rules’ lower() does', () => {
    expect(searchNameOf('Ann Lee')).toBe('ann lee');
    expect(searchNameOf('ÉLISE Straße')).toBe('Élise straße');
  });

  it('stores names in NFC so combining and precomposed accents are one name', () => {
    expect(storedUserName('E\u0301lise')).toBe('\u00c9lise');
    expect(searchPrefixOf('  E\u0301L ')).toBe(searchNameOf(storedUserName('\u00c9l')));
  });

  it('treats a blank search as no search', () => {
    expect(searchPrefixOf('   ')).toBe('');
  });

  it('ends the range after every name with the prefix and before the next prefix', () => {
    const end = searchRangeEnd('an');
    for (const name of ['an', 'ann', 'anna-zoë', 'an 中文']) expect(name < end).toBe(true);
    expect('ao' < end).toBe(false);
  });
});
