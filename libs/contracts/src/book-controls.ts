// The books' controls under four eyes (decisions item 23): the approval threshold, whether money
// out needs a second admin, and the bank account families see.

/**
 * A change to one of the books' controls (decisions item 23). Loosening one (a higher threshold,
 * approval off, another bank account shown to families) is 'pendiente' until a second admin
 * approves it; tightening applies at once and is kept as 'aprobado' with no second admin.
 */
export const CONTROL_KINDS = ['threshold', 'approval', 'bank'] as const;

export type ControlKind = (typeof CONTROL_KINDS)[number];

export type ControlChangeState = 'pendiente' | 'aprobado' | 'rechazado' | 'retirado';

export interface ControlChange {
  id: number;
  kind: ControlKind;
  /** As shown: 'Q1,000', 'Sí', 'Banco Industrial · 000-000000-0 · Comité de Padres'. */
  before: string;
  after: string;
  state: ControlChangeState;
  proposedBy: string;
  proposedById: number;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

export interface BooksSettingsInput {
  approvalThreshold: number;
  /** Left out: unchanged. Turning it off waits for a second admin. */
  approvalRequired?: boolean;
}
