import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

const MAX_ID = 2_147_483_647;

/** Path ids are positive whole numbers; anything else is a 400, never a database error. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) {
      throw new BadRequestException('El identificador debe ser un número entero positivo.');
    }
    return Number(value);
  }
}
