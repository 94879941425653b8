import type { Family } from '@portal/contracts';

/** Lower case without accents: 'Hernández' and 'hernandez' match. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es');
}

/** Families whose graduate, contact, e-mail or phone contains the query (case- and accent-insensitive). */
export function searchFamilies(families: Family[], query: string): Family[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return families;
  return families.filter((family) => {
    const haystack = fold([family.graduateName, family.contactName, family.email, family.phone].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
