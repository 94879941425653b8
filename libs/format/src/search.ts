// One search rule for every list of families (the committee's 'Gestión de Familias' and the gala's
// door): each typed word must appear in the graduate, the contact, the e-mail, the phone or a table
// ('mesa 12'), ignoring case and accents: 'sofia', 'LOPEZ' and 'perez' find Sofía, López, Pérez.

/** Lower case without accents or marks: 'Hernández' -> 'hernandez'. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');
}

/** What a family is found by; a list without tables leaves them out. */
export interface SearchableFamily {
  graduateName: string;
  contactName?: string | null;
  email?: string | null;
  phone?: string | null;
  tables?: readonly number[];
}

function haystack(family: SearchableFamily): string {
  const tables = (family.tables ?? []).map((table) => `mesa ${table}`);
  return foldForSearch([family.graduateName, family.contactName, family.email, family.phone, ...tables].filter(Boolean).join(' '));
}

/** True when every word of the query is found in the family (an empty query finds everyone). */
export function familyMatches(family: SearchableFamily, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = haystack(family);
  return words.every((word) => text.includes(word));
}

/** The families the query finds, in their order. */
export function searchFamilies<T extends SearchableFamily>(families: readonly T[], query: string): T[] {
  if (foldForSearch(query).trim() === '') return [...families];
  return families.filter((family) => familyMatches(family, query));
}
