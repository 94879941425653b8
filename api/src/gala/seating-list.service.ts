import { Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { GalaPlan } from '@portal/contracts';
import { streamSheet, type SheetLayout } from '../spreadsheets/spreadsheet-stream';
import { GalaPlanService } from './gala-plan.service';

interface SeatingRow {
  number: number;
  zone: string;
  family: string;
  seats: number;
  guests: string;
}

const SEATING_SHEET: SheetLayout<SeatingRow> = {
  name: 'Mesas',
  columns: [
    { header: 'Mesa', width: 8 },
    { header: 'Zona', width: 16 },
    { header: 'Familia', width: 32 },
    { header: 'Lugares', width: 9 },
    { header: 'Invitados', width: 90 },
  ],
  cells: (row) => [row.number, row.zone, row.family, row.seats, row.guests],
};

/** Each table's family and the guests seated there: the family's list, filled table by table. */
export function seatingRows(plan: GalaPlan): SeatingRow[] {
  const families = new Map(plan.families.map((family) => [family.id, family]));
  const used = new Map<number, number>();
  return plan.tables.map((table) => {
    const family = table.familyId === null ? undefined : families.get(table.familyId);
    const from = family ? (used.get(family.id) ?? 0) : 0;
    const last = family && family.tables[family.tables.length - 1] === table.number;
    const guests = family ? (last ? family.guests.slice(from) : family.guests.slice(from, from + table.seats)) : [];
    if (family) used.set(family.id, from + guests.length);
    return {
      number: table.number,
      zone: table.zone ?? '',
      family: family?.graduateName ?? '',
      seats: table.seats,
      guests: guests.join(', '),
    };
  });
}

@Injectable()
export class SeatingListService {
  private readonly logger = new Logger('Gala');

  constructor(private readonly gala: GalaPlanService) {}

  async xlsx(): Promise<Readable> {
    const rows = seatingRows(await this.gala.plan());
    async function* pages() {
      yield rows;
    }
    return streamSheet(SEATING_SHEET, pages(), (error) => this.logger.error(error));
  }
}
