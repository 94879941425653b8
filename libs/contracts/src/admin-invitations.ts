// 'Invitar administrador': a committee member invited by e-mail to administer the portal. Adding an
// admin adds someone who can move money, so a second admin approves it (docs/security.md).

/**
 * `pendiente`: waits for a second admin; `aprobada`: the e-mail went out, its link not used yet;
 * `rechazada` by another admin; `retirada` by its proposer; `aceptada`: the account exists.
 */
export const ADMIN_INVITATION_STATES = ['pendiente', 'aprobada', 'rechazada', 'retirada', 'aceptada'] as const;
export type AdminInvitationState = (typeof ADMIN_INVITATION_STATES)[number];

export interface AdminInvitationInput {
  name: string;
  email: string;
}

/** An invitation as the committee sees it: never its link, which only its e-mail carries. */
export interface AdminInvitation {
  id: number;
  name: string;
  email: string;
  state: AdminInvitationState;
  proposedById: number | null;
  proposedByName: string;
  /** ISO instant. */
  proposedAt: string;
  decidedByName: string | null;
  /** ISO instant. */
  decidedAt: string | null;
  /** Sent without a second admin: the deployment had only one enabled admin then. */
  sentAlone: boolean;
}

/** What the invitation's page shows before the person picks a user name and a password. */
export interface AdminInvitationCheck {
  name: string;
  email: string;
}

export interface AcceptAdminInvitationRequest {
  token: string;
  name: string;
  username: string;
  password: string;
  confirmPassword: string;
}
