import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

export type ReportFormat = 'json' | 'xlsx';

export const BAD_REPORT_FORMAT = 'Formato de reporte no válido: usa format=xlsx para la hoja de cálculo, o no envíes format para JSON.';

/** `?format=xlsx` asks for the spreadsheet, no `format` for JSON; anything else is a 400. */
@Injectable()
export class ParseReportFormatPipe implements PipeTransform<unknown, ReportFormat> {
  transform(value: unknown): ReportFormat {
    if (value === undefined) return 'json';
    if (value === 'xlsx') return 'xlsx';
    throw new BadRequestException(BAD_REPORT_FORMAT);
  }
}
