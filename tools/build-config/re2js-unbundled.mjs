// Stands in for `re2js` in the product's builds (tools/build-config/firestore-pipelines.cjs). The Firestore SDK
// imports re2js (42 KB gzip, more than a third of Firestore) only to evaluate regular expressions in
// Firestore Pipelines (`regexContains`, `regexMatch`, `like`), an API this product does not use: the
// builds fail when any code imports it. Were it ever reached, the SDK catches this error and
// evaluates the expression as an error; it never answers a query wrongly.
const NOT_BUNDLED =
  're2js is not bundled: this product does not use Firestore Pipelines (tools/build-config/firestore-pipelines.cjs).';

export const RE2JS = {
  compile() {
    throw new Error(NOT_BUNDLED);
  },
};
