import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { TOTAL_TABLES } from '@portal/contracts';
import { GALA_TEXTS } from './gala.messages';

/** A table number in a path: 1 to TOTAL_TABLES (200). */
@Injectable()
export class ParseTableNumberPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9]\d{0,2}$/.test(value) || Number(value) > TOTAL_TABLES) throw new BadRequestException(GALA_TEXTS.tableNumber);
    return Number(value);
  }
}
