import type { Family } from '@portal/contracts';
import { sortFamilies } from './family-sort';

const family = (id: number, graduateName: string, owedNow: number, credit: number) => ({ id, graduateName, owedNow, credit }) as Family;

describe('ordering the families', () => {
  const rows = [family(1, 'Zoe', 0, 1050), family(2, 'Ana', 7350, 0), family(3, 'Ángel', 7350, 0), family(4, 'Luis', 600, 0)];
  const names = (sorted: Family[]) => sorted.map((row) => row.graduateName);

  it('puts who owes most first, then who has most credit, or by name with accents', () => {
    expect(names(sortFamilies(rows, 'owedNow'))).toEqual(['Ana', 'Ángel', 'Luis', 'Zoe']);
    expect(names(sortFamilies(rows, 'credit'))[0]).toBe('Zoe');
    expect(names(sortFamilies(rows, 'graduate'))).toEqual(['Ana', 'Ángel', 'Luis', 'Zoe']);
    expect(names(sortFamilies(rows, 'registered'))).toEqual(['Zoe', 'Ana', 'Ángel', 'Luis']);
    // The list it was given is left as it was.
    expect(names(rows)).toEqual(['Zoe', 'Ana', 'Ángel', 'Luis']);
  });
});
