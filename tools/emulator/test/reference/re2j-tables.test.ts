import fs from 'node:fs';
import { referenceInstall } from '../harness/reference';
import { TABLES_MODULE, dumpTables, tablesModule } from './re2j-tables/re2j-tables';

const install = referenceInstall();

(install ? describe : describe.skip)(
  'the Unicode tables of the rules engine’s regular expressions',
  () => {
    it('are those of the RE2/J in Google’s emulator (regenerate with re2j-tables.ts)', () => {
      expect(fs.readFileSync(TABLES_MODULE, 'utf8')).toBe(tablesModule(dumpTables(install!)));
    }, 120_000);
  },
);
