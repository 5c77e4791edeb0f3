import { violationsInBothThemes } from '../support/axe';
import { MESSAGES } from '../support/messages';
import { expect, signIn, test, uniqueEmail } from '../fixtures';
import type { Stack } from '../stack';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The out-of-band codes the Auth emulator "e-mailed" (its REST endpoint for tools). */
async function oobCodesFor(stack: Stack, email: string): Promise<OobCode[]> {
  const response = await fetch(`${stack.authUrl}/emulator/v1/projects/${stack.projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET');
}

test.describe('password reset', () => {
  test('a member resets a forgotten password through the e-mailed link and signs in with the new one', async ({
    page,
    stack,
    members,
  }) => {
    const member = await members.create();

    // "Forgot password?" keeps the address typed on the login form.
    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await expect(page.getByLabel('Email')).toHaveValue(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.resetLinkSent);

    // An address without an account gets the same answer, and no e-mail.
    const stranger = uniqueEmail('stranger');
    await page.getByLabel('Email').fill(stranger);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.resetLinkSent);
    expect(await oobCodesFor(stack, stranger)).toEqual([]);

    // The link's query is what Firebase appends to the project's action URL (our page).
    let codes: OobCode[] = [];
    await expect(async () => {
      codes = await oobCodesFor(stack, member.email);
      expect(codes).toHaveLength(1);
    }).toPass();
    const link = new URL(codes[0]!.oobLink);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    await page.goto(`/reset-password${link.search}`);
    await expect(page.getByText(`For ${member.email}`)).toBeVisible();
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await page.getByLabel('New password', { exact: true }).fill('brand-new-horse-8');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.passwordChanged);

    // The used link cannot be used again.
    await page.goto(`/reset-password${link.search}`);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetLinkInvalid);

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: MESSAGES.incorrectPassword }),
    ).toBeVisible();
    await signIn(page, { ...member, password: 'brand-new-horse-8' });
  });
});
