/**
 * firebase-tools' Auth emulator, as the data browser's Auth page uses it: its Identity Toolkit
 * REST API with the emulators' admin token (`Bearer owner`), as the Admin SDK and the Emulator
 * Suite UI call it. Only this server calls it (from Node, no Origin), never the page.
 */

/** A user as the Auth emulator answers it (the fields the page shows). */
export interface AuthUser {
  localId: string;
  email?: string;
  displayName?: string;
  disabled?: boolean;
  emailVerified?: boolean;
  /** The custom claims as JSON text, as the Auth emulator keeps them. */
  customAttributes?: string;
  createdAt?: string;
  lastLoginAt?: string;
  providerUserInfo?: Array<{ providerId: string }>;
  passwordHash?: string;
}

export interface AuthUserPage {
  users: AuthUser[];
  /** The uid to continue after; none on the last page. */
  nextPageToken?: string;
}

/** What a new or changed user is given; absent members stay as they are. */
export interface AuthUserChanges {
  email?: string;
  displayName?: string;
  /** Set only when not empty (an empty one leaves the password as it is). */
  password?: string;
  /** JSON object text; `{}` removes every claim. */
  customClaims?: string;
  disabled?: boolean;
}

/** The Auth emulator refused (its error code, e.g. `EMAIL_EXISTS`) or could not be reached. */
export class AuthEmulatorError extends Error {}

const TIMEOUT_MS = 10_000;

export class AuthEmulatorClient {
  /**
   * @param address `host:port` of the Auth emulator
   * @param projectId whose users are managed
   */
  constructor(
    readonly address: string,
    readonly projectId: string,
  ) {}

  private get base(): string {
    return `http://${this.address}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(this.projectId)}`;
  }

  private async call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AuthEmulatorError(
        `The Auth emulator at ${this.address} did not answer (${(error as Error).message}).`,
      );
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      // Reported below with the status.
    }
    if (!response.ok) {
      const message = (json as { error?: { message?: string } } | null)?.error?.message;
      throw new AuthEmulatorError(message ?? `The Auth emulator answered ${response.status}.`);
    }
    return json as T;
  }

  /** Users in uid order, `pageSize` at a time after `after` (a uid). */
  async list(pageSize: number, after?: string): Promise<AuthUserPage> {
    const query = new URLSearchParams({ maxResults: String(pageSize) });
    if (after) query.set('nextPageToken', after);
    const page = await this.call<{ users?: AuthUser[]; nextPageToken?: string }>(
      'GET',
      `${this.base}/accounts:batchGet?${query}`,
    );
    return { users: page.users ?? [], nextPageToken: page.nextPageToken };
  }

  async get(uid: string): Promise<AuthUser | null> {
    const found = await this.call<{ users?: AuthUser[] }>('POST', `${this.base}/accounts:lookup`, {
      localId: [uid],
    });
    return found.users?.[0] ?? null;
  }

  /** Creates a user (with `uid`, or one the emulator picks); returns its uid. */
  async create(uid: string | null, changes: AuthUserChanges): Promise<string> {
    const created = await this.call<{ localId: string }>('POST', `${this.base}/accounts`, {
      ...(uid ? { localId: uid } : {}),
      ...(changes.email ? { email: changes.email } : {}),
      ...(changes.password ? { password: changes.password } : {}),
      ...(changes.displayName ? { displayName: changes.displayName } : {}),
      ...(changes.disabled ? { disabled: true } : {}),
    });
    // Sign-up takes no claims: they are set as the Admin SDK sets them, by an update.
    if (changes.customClaims !== undefined && changes.customClaims !== '{}') {
      await this.update(created.localId, { customClaims: changes.customClaims });
    }
    return created.localId;
  }

  async update(uid: string, changes: AuthUserChanges): Promise<void> {
    const deleteAttribute: string[] = [];
    const body: Record<string, unknown> = { localId: uid };
    if (changes.displayName !== undefined) {
      if (changes.displayName === '') deleteAttribute.push('DISPLAY_NAME');
      else body['displayName'] = changes.displayName;
    }
    if (changes.email !== undefined) {
      if (changes.email === '') deleteAttribute.push('EMAIL');
      else body['email'] = changes.email;
    }
    if (changes.password) body['password'] = changes.password;
    if (changes.customClaims !== undefined) body['customAttributes'] = changes.customClaims;
    if (changes.disabled !== undefined) body['disableUser'] = changes.disabled;
    if (deleteAttribute.length > 0) body['deleteAttribute'] = deleteAttribute;
    await this.call('POST', `${this.base}/accounts:update`, body);
  }

  async delete(uid: string): Promise<void> {
    await this.call('POST', `${this.base}/accounts:delete`, { localId: uid });
  }
}
