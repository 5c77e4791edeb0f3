import * as path from 'node:path';
import { checkLayers, readSources } from './layers';

const SRC = path.resolve(__dirname, '../../src');

test('no module of src/ imports from a higher layer or a sibling unit', () => {
  const violations = checkLayers(readSources(SRC)).map(
    (v) => `${v.file} ${v.specifier ? `'${v.specifier}' ` : ''}${v.message}`,
  );
  expect(violations).toEqual([]);
});

test('an upward, a sideways and an outside import are each reported', () => {
  const violations = checkLayers(
    new Map([
      ['values/values.ts', "import { FirestoreEngine } from '../firestore/engine';"],
      ['rules/firestore.ts', "import type { ChangeEvent } from '../firestore/engine/types';"],
      ['common/auth.ts', "export { x } from '../../test/helpers';"],
      ['newfolder/thing.ts', ''],
      [
        'firestore/server/rest.ts',
        "import { a } from '../protocol';\nimport { b } from '../../values';",
      ],
    ]),
  );
  expect(violations.map((v) => [v.file, v.message])).toEqual([
    ['values/values.ts', '(values: values) imports a higher layer (engine: firestore/engine)'],
    [
      'rules/firestore.ts',
      '(engine: rules) imports a unit of its own layer (engine: firestore/engine)',
    ],
    ['common/auth.ts', 'imports from outside the layers of src/'],
    ['newfolder/thing.ts', 'is in no layer (add its folder to LAYERS)'],
  ]);
});
