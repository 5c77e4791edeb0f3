/**
 * An ID token as the Auth emulator issues it (unsigned, `alg: none`), for REST calls from Node
 * and the wire benchmark:
 * `Authorization: Bearer ${idToken('alice')}`.
 */
export function idToken(
  uid: string,
  projectId = 'demo-test',
  claims: Record<string, unknown> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: uid,
    user_id: uid,
    firebase: { identities: {}, sign_in_provider: 'custom' },
    ...claims,
  })}.`;
}
