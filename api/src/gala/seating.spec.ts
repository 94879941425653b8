import { autoAssign, type SeatingTable } from './seating';

/** `columns` x `rows` free tables, numbered row by row from 1. */
const grid = (columns: number, rows: number): SeatingTable[] =>
  Array.from({ length: columns * rows }, (_, index) => ({
    number: index + 1,
    x: index % columns,
    y: Math.floor(index / columns),
    familyId: null,
  }));

const byFamily = (chosen: Map<number, number>) => {
  const result = new Map<number, number[]>();
  for (const [table, family] of chosen)
    result.set(
      family,
      [...(result.get(family) ?? []), table].sort((a, b) => a - b),
    );
  return result;
};

describe('automatic seating', () => {
  it("keeps a family's tables side by side in one row", () => {
    const tables = byFamily(
      autoAssign(grid(4, 3), [
        { id: 1, booked: 2, nearFamilyId: null },
        { id: 2, booked: 3, nearFamilyId: null },
      ]),
    );
    expect(tables.get(2)).toEqual([1, 2, 3]);
    // Table 4 is alone at the end of the first row: the pair goes to the next row.
    expect(tables.get(1)).toEqual([5, 6]);
  });

  it('seats a family next to the one it asked to sit near', () => {
    const tables = byFamily(
      autoAssign(grid(6, 4), [
        { id: 1, booked: 3, nearFamilyId: null },
        { id: 2, booked: 3, nearFamilyId: null },
        { id: 3, booked: 1, nearFamilyId: 2 },
      ]),
    );
    const place = (number: number) => ({ x: (number - 1) % 6, y: Math.floor((number - 1) / 6) });
    const gap = Math.min(
      ...tables
        .get(3)!
        .flatMap((own) => tables.get(2)!.map((other) => Math.abs(place(own).x - place(other).x) + Math.abs(place(own).y - place(other).y))),
    );
    expect(gap).toBe(1);
  });

  it('leaves tables already assigned where they are and completes the family near them', () => {
    const plan = grid(5, 2);
    plan[7]!.familyId = 9; // table 8, second row
    const tables = byFamily(autoAssign(plan, [{ id: 9, booked: 2, nearFamilyId: null }]));
    expect([7, 9]).toContain(tables.get(9)![0]);
    expect(tables.get(9)).toHaveLength(1);
  });

  it('uses the nearest free tables when no row has room for the whole family', () => {
    const tables = byFamily(autoAssign(grid(2, 3), [{ id: 1, booked: 3, nearFamilyId: null }]));
    expect(tables.get(1)).toHaveLength(3);
  });
});
