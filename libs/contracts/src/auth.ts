// Accounts and sessions: roles, sign-in and registration, e-mail proofs, invitations, and what a
// role's pages read first.

export const PASSWORD_MIN_LENGTH = 8;

/** A user name: 3 to 30 letters, digits, dots, underscores or dashes (the form and the API). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

/**
 * `door`: a volunteer's account for the gala's door, given by the committee until a day ends:
 * check-in and arrivals only (docs/security.md, 'The door role').
 */
export const ROLES = ['admin', 'parent', 'door'] as const;

export type Role = (typeof ROLES)[number];

/**
 * A readable cookie naming the signed-in user's role, set and cleared with the session cookie: a
 * hint the page's first script reads to start loading that role's app and first data early. It
 * grants nothing; the API trusts only the session.
 */
export const ROLE_HINT_COOKIE = 'portal_role';

/**
 * What each role's pages read first, asked for before the role's app has loaded: by the server
 * that writes the page (its answers inlined in the HTML) or else by the page's first script.
 * `all` on every page of the role (the parent's family gates every parent page; the menus' counts and
 * the class switch are on every page), `home` on its home page too. `/api/config` (public) and `/api/user` come first on every page.
 */
export const FIRST_DATA: Record<Role, { all: readonly string[]; home: readonly string[] }> = {
  parent: {
    all: ['/api/my-family', '/api/my-notices-seen', '/api/my-books/answers', '/api/my-classes'],
    home: ['/api/settings', '/api/events'],
  },
  admin: { all: ['/api/books/questions/open', '/api/my-classes'], home: ['/api/stats', '/api/backup-status'] },
  door: { all: [], home: ['/api/gala/door', '/api/gala/arrivals'] },
};

/**
 * The id of the page's `<script type="application/json">` holding the answers the server wrote
 * in: `{ [url]: { status, body } }`, the body as the API's text.
 */
export const FIRST_DATA_ELEMENT_ID = 'portal-first-data';

export interface InlinedAnswer {
  status: number;
  body: string;
}

/** Set on the page's <html> by its first script when a file it preloaded could not be fetched. */
export const PRELOAD_FAILED_ATTRIBUTE = 'data-preload-failed';

export interface User {
  id: number;
  name: string;
  username: string;
  email: string | null;
  role: Role;
  /** The account followed a link sent to `email`: only then is it linked to that family. */
  emailVerified: boolean;
  /** A door account only: the ISO instant its access ends (the gala's night: the next day at 06:00). */
  accessUntil?: string;
  /** A door account only: the ISO instant its access starts (the gala's day at 12:00). */
  accessFrom?: string;
}

export interface VerifyEmailRequest {
  token: string;
}

/** The account a confirmation link is for, named on the page before anyone confirms it. */
export interface VerificationCheck {
  username: string;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
  confirmPassword: string;
}

export interface InvitationCheckRequest {
  token: string;
}

/** What an invitation's page shows before the parent picks a user name and a password. */
export interface Invitation {
  graduateName: string;
  email: string;
  /** The family's contact: 'Nombre completo' starts with it. */
  contactName: string;
}

export interface AcceptInvitationRequest {
  token: string;
  name: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** A one-time link the committee may also hand over itself (copy, WhatsApp). */
export interface AccountLink {
  link: string;
}

export interface BulkInvitationResult {
  invited: number;
  /** Families left out, with the reason. */
  skipped: Array<{ graduateName: string; reason: string }>;
}

/** An account as the committee sees it ('Cuentas'). */
export interface Account extends User {
  disabled: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** The family the account is linked to (its proven e-mail is the family's), if any. */
  family: { id: number; graduateName: string } | null;
}

export interface LoginRequest {
  /** A user name or an e-mail address. */
  username: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** PUT /api/user/password: the new password follows the registration rules. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface DemoAccount {
  role: Role;
  username: string;
  password: string;
}

/** Public facts the shell needs before anyone signs in. */
export interface PublicConfig {
  classYear: number;
  /** The demo logins, listed on /auth only when the portal runs with demo data. */
  demoAccounts: DemoAccount[];
  contactPhone: string;
  contactEmail: string;
}
