import { compileRules, RulesCompileError } from '../../src/rules';

function issuesOf(source: string): Array<{ line: number; column: number; message: string }> {
  try {
    compileRules(source, 'test.rules');
  } catch (error) {
    expect(error).toBeInstanceOf(RulesCompileError);
    return (error as RulesCompileError).issues;
  }
  throw new Error('expected the rules to be refused');
}

const wrap = (body: string) =>
  `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

describe('compileRules', () => {
  test('accepts a complete file and reports its service', () => {
    const rules = compileRules(
      wrap(`    function signedIn() { return request.auth != null; }
    match /a/{id} {
      function owner(uid) { let me = request.auth.uid; return me == uid; }
      allow read;
      allow create, update: if signedIn() && owner(id);
      match /sub/{rest=**} { allow delete: if false; }
    }`),
    );
    expect(rules.service).toBe('cloud.firestore');
    expect(
      compileRules(`rules_version = '2'; service firebase.storage { match /b/{bucket}/o { } }`)
        .service,
    ).toBe('firebase.storage');
  });

  test('syntax errors carry line and column', () => {
    expect(issuesOf(wrap('    match /a/{id} {\n      allow read: if ;\n    }'))).toEqual([
      { line: 5, column: 22, message: "Unexpected ';'; expected an expression." },
    ]);
    expect(
      issuesOf(wrap('    match /a/{id} {\n      allow read: if true true;\n    }'))[0],
    ).toMatchObject({
      line: 5,
      column: 27,
    });
    // a missing ';' before the next statement or '}' is tolerated, as by the official compiler
    expect(() =>
      compileRules(wrap('    match /a/{id} {\n      allow read: if true\n    }')),
    ).not.toThrow();
    expect(issuesOf('service cloud.firestore {')[0]).toMatchObject({ line: 1, column: 26 });
    expect(issuesOf("rules_version = '3';")[0]!.message).toContain(
      "rules_version must be '1' or '2'",
    );
    expect(issuesOf('service cloud.datastore { }')[0]).toMatchObject({ line: 1, column: 1 });
    expect(
      issuesOf(wrap("    match /a/{id} {\n      allow read: if 'abc;\n    }"))[0],
    ).toMatchObject({
      line: 5,
      column: 22,
      message: 'Unterminated string literal.',
    });
  });

  test('unsupported constructs are refused with their place, never allowed', () => {
    const cases: Array<[string, number, number, string]> = [
      ['      allow read: if foo();', 5, 22, "Unknown function 'foo'."],
      ['      allow read: if request.x.frobnicate();', 5, 32, "Unsupported method 'frobnicate()'."],
      ['      allow read: if unknownVar == 1;', 5, 22, "Unknown variable 'unknownVar'."],
      ['      allow read: if 1 is double;', 5, 27, "Unknown type name for 'is'."],
      ['      allow read: if math.cbrt(8) == 2;', 5, 27, "Unknown function 'math.cbrt'."],
      [
        '      allow read: if math.abs(1, 2) == 1;',
        5,
        27,
        "Function 'math.abs' takes 1 argument(s).",
      ],
      ['      allow read: if get(1, 2) == null;', 5, 22, "Function 'get' takes 1 argument(s)."],
      [
        "      allow read: if r'raw' == 'raw';",
        5,
        22,
        "Raw string literals (r'...') are not supported.",
      ],
      ['      allow query: if true;', 5, 13, "Unknown method 'query'."],
    ];
    for (const [line, l, c, message] of cases) {
      expect(issuesOf(wrap(`    match /a/{id} {\n${line}\n    }`))).toEqual([
        { line: l, column: c, message },
      ]);
    }
  });

  test('function arity, duplicates and scoping are checked', () => {
    expect(
      issuesOf(
        wrap('    function f(a) { return a; }\n    match /a/{id} { allow read: if f(); }'),
      )[0],
    ).toMatchObject({
      line: 5,
      message: 'Function f expects 1 argument(s), got 0.',
    });
    expect(
      issuesOf(
        wrap(
          '    match /a/{id} { function g() { return true; } }\n    match /b/{id} { allow read: if g(); }',
        ),
      )[0],
    ).toMatchObject({ line: 5, message: "Unknown function 'g'." });
    expect(issuesOf(wrap('    match /a/{id}/b/{id} { allow read; }'))[0]!.message).toBe(
      'Duplicate wildcard name.',
    );
    expect(issuesOf('service cloud.firestore {\n  allow read;\n}')[0]).toMatchObject({
      line: 2,
      column: 3,
    });
    expect(issuesOf(wrap('    function f() { let x = 1; let x = 2; return x; }'))[0]!.message).toBe(
      'Variable x is already defined.',
    );
  });

  test('Storage rules cannot call the Firestore document functions', () => {
    expect(
      issuesOf(
        `service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if exists(/x/y);\n  }\n}`,
      )[0],
    ).toMatchObject({ line: 3, column: 20 });
  });

  test('the compile error message names the file, line and column', () => {
    expect(() =>
      compileRules('service cloud.firestore { match /a { allow read: if x; } }', 'firestore.rules'),
    ).toThrow("firestore.rules:1:53: Unknown variable 'x'.");
  });
});
