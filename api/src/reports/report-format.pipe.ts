import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { REPORT_TEXTS } from './reports.messages';

export type ReportFormat = 'json' | 'xlsx';

/** `?format=xlsx` asks for the spreadsheet, no `format` for JSON; anything else is a 400. */
@Injectable()
export class ParseReportFormatPipe implements PipeTransform<unknown, ReportFormat> {
  transform(value: unknown): ReportFormat {
    if (value === undefined) return 'json';
    if (value === 'xlsx') return 'xlsx';
    throw new BadRequestException(REPORT_TEXTS.badFormat);
  }
}
