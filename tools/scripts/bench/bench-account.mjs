/**
 * A new account on the Auth emulator at `authUrl`, for a benchmark: its uid and ID token. The email
 * starts with `label`, made unique by the time.
 */
export async function signUpBenchAccount(authUrl, label) {
  const response = await fetch(
    `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `${label}-${Date.now()}@example.test`,
        password: 'bench-password-1',
        returnSecureToken: true,
      }),
    },
  );
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}
