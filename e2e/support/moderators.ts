import type { Stack } from '../stack';

async function authAdmin(stack: Stack, action: string, body: unknown): Promise<unknown> {
  const response = await fetch(
    `${stack.authUrl}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/${action}`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const text = await response.text();
  if (!response.ok) throw new Error(`Auth emulator ${action}: HTTP ${response.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Gives a member the moderator claim, as `npm run moderator -- grant` does with the Admin SDK
 * (here through the Auth emulator's admin REST API, which is what the Admin SDK calls).
 */
export async function grantModerator(stack: Stack, uid: string): Promise<void> {
  await authAdmin(stack, 'accounts:update', {
    localId: uid,
    customAttributes: JSON.stringify({ moderator: true }),
  });
}

/** Whether a member's Auth account is disabled (suspended). */
export async function accountDisabled(stack: Stack, uid: string): Promise<boolean> {
  const body = (await authAdmin(stack, 'accounts:lookup', { localId: [uid] })) as {
    users?: Array<{ disabled?: boolean }>;
  };
  return body.users?.[0]?.disabled === true;
}
