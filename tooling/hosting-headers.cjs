// firebase.json's Hosting targets with the production security headers of
// tooling/security-headers.cjs, for the origins in tooling/hosting-origins.json.
const origins = require('./hosting-origins.json');
const { hostingSecurityRule } = require('./security-headers.cjs');

const SECURITY_KEYS = new Set([
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'Referrer-Policy',
]);

function productionAppOrigins() {
  return Object.entries(origins)
    .filter(([name]) => name !== '//')
    .map(([, origin]) => origin);
}

/** `config` (parsed firebase.json) with each hosting target's security rule replaced by the current one. */
function withProductionSecurityHeaders(config) {
  const rule = hostingSecurityRule({ appOrigins: productionAppOrigins() });
  const isSecurityRule = (entry) =>
    entry.headers.length > 0 && entry.headers.every((header) => SECURITY_KEYS.has(header.key));
  return {
    ...config,
    hosting: config.hosting.map((site) => ({
      ...site,
      headers: [...(site.headers ?? []).filter((entry) => !isSecurityRule(entry)), rule],
    })),
  };
}

module.exports = { productionAppOrigins, withProductionSecurityHeaders };
