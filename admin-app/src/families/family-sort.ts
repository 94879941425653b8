import type { Family } from '@portal/contracts';

/** How 'Gestión de Familias' can order its rows: who owes most, who has most credit, by name. */
export const FAMILY_SORTS = ['registered', 'owedNow', 'credit', 'graduate'] as const;
export type FamilySort = (typeof FAMILY_SORTS)[number];

const byName = (a: Family, b: Family) => a.graduateName.localeCompare(b.graduateName, 'es');

/** A new array in that order; ties by the graduate's name. */
export function sortFamilies(families: readonly Family[], sort: FamilySort): Family[] {
  const rows = [...families];
  if (sort === 'owedNow') return rows.sort((a, b) => b.owedNow - a.owedNow || byName(a, b));
  if (sort === 'credit') return rows.sort((a, b) => b.credit - a.credit || byName(a, b));
  if (sort === 'graduate') return rows.sort(byName);
  return rows;
}
