// The automatic first assignment: each family's missing tables as a run of free tables side by
// side in one row of the plan, near the families it asked to sit with (or that asked for it).

export interface SeatingTable {
  number: number;
  x: number;
  y: number;
  familyId: number | null;
}

export interface SeatingFamily {
  id: number;
  booked: number;
  nearFamilyId: number | null;
}

// A row apart counts more than a table apart: side by side in a row is what 'next to' means here.
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) + 1.5 * Math.abs(a.y - b.y);

function centre(tables: SeatingTable[]): { x: number; y: number } | null {
  if (tables.length === 0) return null;
  return { x: tables.reduce((sum, t) => sum + t.x, 0) / tables.length, y: tables.reduce((sum, t) => sum + t.y, 0) / tables.length };
}

/** Table number -> family id for the free tables it fills; tables already assigned stay. */
export function autoAssign(tables: SeatingTable[], families: SeatingFamily[]): Map<number, number> {
  const ordered = [...tables].sort((a, b) => a.y - b.y || a.x - b.x);
  const seated = new Map<number, SeatingTable[]>();
  for (const table of ordered) if (table.familyId !== null) seated.set(table.familyId, [...(seated.get(table.familyId) ?? []), table]);
  const neighbours = new Map<number, Set<number>>();
  const link = (a: number, b: number) => neighbours.set(a, (neighbours.get(a) ?? new Set()).add(b));
  for (const family of families) {
    if (family.nearFamilyId !== null && family.nearFamilyId !== family.id) {
      link(family.id, family.nearFamilyId);
      link(family.nearFamilyId, family.id);
    }
  }
  const byId = new Map(families.map((family) => [family.id, family]));
  const assigned = new Map<number, number>();
  const taken = (table: SeatingTable) => table.familyId !== null || assigned.has(table.number);

  const place = (family: SeatingFamily) => {
    const own = seated.get(family.id) ?? [];
    const need = family.booked - own.length;
    if (need <= 0) return;
    const near = [...(neighbours.get(family.id) ?? [])].flatMap((id) => seated.get(id) ?? []);
    const anchor = centre(own) ?? centre(near);
    // Windows of `need` free tables next to each other in one row.
    let best: SeatingTable[] | null = null;
    let bestScore = Infinity;
    for (let start = 0; start + need <= ordered.length; start += 1) {
      const window = ordered.slice(start, start + need);
      if (window.some(taken) || window.some((table) => table.y !== window[0]!.y)) continue;
      const score = anchor ? distance(centre(window)!, anchor) : start;
      if (score < bestScore) [best, bestScore] = [window, score];
    }
    if (!best) {
      // No run long enough: the free tables nearest to one another.
      const free = ordered.filter((table) => !taken(table));
      const from = anchor ?? free[0];
      if (!from) return;
      best = free.sort((a, b) => distance(a, from) - distance(b, from)).slice(0, need);
    }
    for (const table of best) assigned.set(table.number, family.id);
    seated.set(family.id, [...own, ...best]);
  };

  // Larger families first (their runs are the hardest to find), each followed by the families
  // linked to it by 'sit near' requests.
  const queue = [...families].sort((a, b) => b.booked - a.booked || a.id - b.id);
  const done = new Set<number>();
  for (const first of queue) {
    const pending = [first.id];
    while (pending.length > 0) {
      const id = pending.shift()!;
      if (done.has(id)) continue;
      done.add(id);
      const family = byId.get(id);
      if (family) place(family);
      for (const next of neighbours.get(id) ?? []) if (!done.has(next)) pending.push(next);
    }
  }
  return assigned;
}
