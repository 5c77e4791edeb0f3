import { coverageSummary, coverageTable, type RulesCoverage } from '../rules';
import { postButton } from './forms';
import { href, html, trusted, type Html } from './html';
import { page } from './layout';
import type { CoverageSources } from './sources';

export type CoverageService = keyof CoverageSources;

const LABELS: Record<CoverageService, string> = { firestore: 'Firestore', storage: 'Storage' };

function section(service: CoverageService, coverage: RulesCoverage | null, csrf: string): Html {
  const heading = html`<h2 id="${`coverage-${service}`}">
    ${LABELS[service]}${coverage ? html`: <code>${coverage.name}</code>` : ''}
  </h2>`;
  if (!coverage) {
    return html`<section aria-labelledby="${`coverage-${service}`}">
      ${heading}
      <p class="empty">No rules are loaded for ${LABELS[service]}: every request is allowed.</p>
    </section>`;
  }
  const lines = coverage.lines();
  const { runnable, ran } = coverageSummary(lines);
  return html`<section aria-labelledby="${`coverage-${service}`}" class="coverage-section">
    ${heading}
    <p>
      Since <time>${coverage.since.toISOString()}</time>: ${ran} of ${runnable} lines that can run
      ran. Export: <a href="${href('/coverage/export', { service, format: 'json' })}">JSON</a>,
      <a href="${href('/coverage/export', { service, format: 'html' })}">HTML</a>.
      ${postButton('/coverage/reset', csrf, { service }, 'Reset', {
        accessibleName: `Reset the ${LABELS[service]} coverage`,
      })}
    </p>
    ${trusted(coverageTable(lines))}
  </section>`;
}

/** `/coverage`: which lines of each service's rules ran, with allow and deny counts. */
export function coveragePage(
  sources: CoverageSources,
  csrf: string,
  firestorePort: number | null,
  message: Html | '',
): Html {
  return page(
    'Rules coverage',
    '/coverage',
    html`${message}
      <p>
        Each line of the rules in force, with how often each <code>allow</code> granted and refused
        and how often each line ran. Green lines granted or ran, red ones refused, yellow ones never
        ran; open a line for what its expressions evaluated to. Loading new rules starts the count
        again.
        ${
          firestorePort === null
            ? ''
            : html`Tools made for Google's emulator read the same report at
                <code
                  >http://127.0.0.1:${firestorePort}/emulator/v1/projects/{project}:ruleCoverage</code
                >
                (and <code>…:ruleCoverage.html</code>).`
        }
      </p>
      ${section('firestore', sources.firestore, csrf)} ${section('storage', sources.storage, csrf)}`,
  );
}
