/** What stands for a link's secret once the e-mail has gone: the outbox and backups keep no live link. */
export const REDACTED = '[enlace enviado]';

/**
 * The message with every secret of a link replaced: one-time tokens (`?token=…`: confirmation,
 * reset, invitation) and the unsubscribe link's signature (`/api/unsubscribe/…`).
 */
export function redactLinks(text: string): string {
  return text.replace(/([?&](?:amp;)?token=)[\w-]+/g, `$1${REDACTED}`).replace(/(\/api\/unsubscribe\/)[\w.-]+/g, `$1${REDACTED}`);
}
