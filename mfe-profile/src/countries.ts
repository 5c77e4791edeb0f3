import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(english);

/**
 * Country of birth choices: the English names of the ISO 3166-1 countries (about 250), from the
 * maintained `i18n-iso-countries` dataset, in alphabetical order.
 */
export const COUNTRY_NAMES: readonly string[] = Object.values(
  countries.getNames('en', { select: 'official' }),
).sort((a, b) => a.localeCompare(b, 'en'));
