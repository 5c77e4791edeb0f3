/**
 * An ID token as firebase-tools' Auth emulator issues it and as the SDK sends it to emulators
 * (`mockUserToken`): an unsigned JWT (`alg: none`) whose `sub`/`user_id` is the uid.
 */
export function emulatorIdToken(uid: string, projectId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: uid,
    user_id: uid,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
