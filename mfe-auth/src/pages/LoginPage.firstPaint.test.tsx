/// <reference types="node" />
// The shell's login.html paints a static copy of this page before any script runs
// (shell/src/firstPaint). The copy must look exactly like the page that replaces it: these tests
// fail when the page's markup or its layout rules change and the copy does not.
import fs from 'node:fs';
import path from 'node:path';
import { renderAt } from '../testing/renderAt';
import { LoginPage } from './LoginPage';

jest.mock('firebase/app', () => ({}));
jest.mock('firebase/auth', () => ({}));
jest.mock('firebase/firestore', () => ({}));
jest.mock('firebase/storage', () => ({}));
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const FIRST_PAINT_DIR = path.join(__dirname, '../../../shell/src/firstPaint');
const FIRST_PAINT_SCOPE = '.shell-first-paint ';

/** What decides how an element is drawn: its tag, classes, type, link target and text. */
function drawn(node: Node): string[] {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent?.trim();
    return text ? [JSON.stringify(text)] : [];
  }
  if (!(node instanceof Element)) return [];
  const attributes = ['class', 'type', 'href']
    .filter((name) => node.hasAttribute(name))
    .map((name) => ` ${name}="${node.getAttribute(name)}"`)
    .join('');
  const children = [...node.childNodes].flatMap(drawn).map((line) => `  ${line}`);
  return [`<${node.tagName.toLowerCase()}${attributes}>`, ...children];
}

function staticPage(): Element {
  const html = fs.readFileSync(path.join(FIRST_PAINT_DIR, 'login.html'), 'utf8');
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.querySelector('.shell-first-paint section')!;
}

/** `selector { declarations }` blocks of a plain stylesheet (no at-rules), comments removed. */
function rules(css: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selector = '', body = ''] of plain.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations = body
      .split(';')
      .map((declaration) => declaration.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    found.set(selector.trim().replace(/\s+/g, ' '), declarations);
  }
  return found;
}

describe("the shell's static first paint of the sign-in page", () => {
  it('has the markup LoginPage renders', () => {
    const { container } = renderAt('/login', '/login', <LoginPage />);
    const page = container.querySelector('section.auth-page')!;
    expect(drawn(staticPage())).toEqual(drawn(page));
  });

  it("has auth.css's layout rules for every auth class it uses", () => {
    const auth = rules(fs.readFileSync(path.join(__dirname, '../auth.css'), 'utf8'));
    const firstPaint = rules(fs.readFileSync(path.join(FIRST_PAINT_DIR, 'firstPaint.css'), 'utf8'));
    const copies = new Map(
      [...firstPaint]
        .filter(([selector]) => selector.startsWith(FIRST_PAINT_SCOPE))
        .map(([selector, declarations]) => [
          selector.slice(FIRST_PAINT_SCOPE.length),
          declarations,
        ]),
    );
    const page = staticPage();
    const used = new Set(
      [page, ...page.querySelectorAll('[class]')].flatMap((element) =>
        [...element.classList].filter((name) => name.startsWith('auth-')).map((name) => `.${name}`),
      ),
    );
    const needed = new Map([...auth].filter(([selector]) => used.has(selector)));
    expect(needed.size).toBeGreaterThan(0);
    expect(copies).toEqual(needed);
  });
});
