import fs from 'node:fs';
import { RULES_FILE, currentVisibleTextRules, visibleTextRules } from './visible-text';

describe('the rules’ visible-text check', () => {
  it('is the generated one for this Node’s Unicode (regenerate with visible-text.ts)', () => {
    expect(currentVisibleTextRules(fs.readFileSync(RULES_FILE, 'utf8'))).toBe(visibleTextRules());
  });
});
