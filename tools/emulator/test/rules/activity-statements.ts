/**
 * Which gaps of the rules coverage (rules-coverage.ts) belong to activity's statements, whose cases
 * live in product-activity.sdk.test.ts rather than in the product suite.
 */
const ACTIVITY_MATCHES = ['/activity/{uid}/items/{itemId}'];

export function isActivityStatement(gap: string): boolean {
  return ACTIVITY_MATCHES.some((match) => gap.startsWith(`${match} `));
}
