// The body of every error the API answers.

/** Body of every error response. `message` is Spanish and fit to show to a user. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  /** Per-field messages for validation errors. */
  errors?: Record<string, string[]>;
  /** What the client needs to fix the request, when the refusal carries it (e.g. BankNeedsMapping). */
  details?: Record<string, unknown>;
}
