import { EVENT_DESCRIPTION_PREVIEW_LENGTH } from '@portal/contracts';

/** The admin table shows the first 40 characters of a description, then '...'. */
export function truncate(text: string | null, length = EVENT_DESCRIPTION_PREVIEW_LENGTH): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
