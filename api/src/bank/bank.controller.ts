import { BadRequestException, Body, Controller, HttpCode, Param, Post, UnsupportedMediaTypeException } from '@nestjs/common';
import type { BankColumnMapping, BankConfirmResult, BankPreview, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { MultipartBody } from '../common/multipart';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { BANK_MESSAGES } from './bank.messages';
import { BankDecisions } from './bank-decisions';
import { ConfirmBankLinesDto } from './dto/confirm-bank-lines.dto';
import { StatementPreview } from './statement-preview';

const MAPPING_KEYS: Array<keyof BankColumnMapping> = ['date', 'description', 'document', 'credit', 'debit', 'amount'];
/** Optional: without it, the running balance is found by its name ('Saldo'). */
const OPTIONAL_KEYS: Array<keyof BankColumnMapping> = ['balance'];

/** The form's optional `mapping` (JSON) and `headerLine` fields. */
function mappingOf(fields: Record<string, string>): { mapping: BankColumnMapping | null; headerLine: number | null } {
  const headerLine = fields.headerLine ? Number(fields.headerLine) : null;
  if (headerLine !== null && (!Number.isInteger(headerLine) || headerLine < 1)) throw new BadRequestException(BANK_MESSAGES.badMapping);
  if (!fields.mapping) return { mapping: null, headerLine };
  let value: unknown;
  try {
    value = JSON.parse(fields.mapping);
  } catch {
    throw new BadRequestException(BANK_MESSAGES.badMapping);
  }
  const mapping = value as Record<string, unknown>;
  const valid =
    typeof value === 'object' &&
    value !== null &&
    Number.isInteger(mapping.date) &&
    (mapping.date as number) >= 0 &&
    MAPPING_KEYS.every((key) => mapping[key] === null || (Number.isInteger(mapping[key]) && (mapping[key] as number) >= 0)) &&
    OPTIONAL_KEYS.every(
      (key) => mapping[key] === undefined || mapping[key] === null || (Number.isInteger(mapping[key]) && (mapping[key] as number) >= 0),
    ) &&
    (mapping.credit !== null || mapping.amount !== null);
  if (!valid) throw new BadRequestException(BANK_MESSAGES.badMapping);
  const keys = [...MAPPING_KEYS, ...OPTIONAL_KEYS.filter((key) => mapping[key] !== undefined)];
  return { mapping: Object.fromEntries(keys.map((key) => [key, mapping[key]])) as unknown as BankColumnMapping, headerLine };
}

/** 'Importar estado de cuenta del banco': for the committee only. */
@Roles('admin')
@Controller('bank-statements')
export class BankController {
  constructor(
    private readonly statements: StatementPreview,
    private readonly decisions: BankDecisions,
  ) {}

  /**
   * multipart/form-data: `file` (CSV or XLSX, its name kept), optionally `mapping` (JSON), `headerLine`
   * and `accountId` (the class's bank account it is of; the main one without it). Writes only the lines it read.
   */
  @Post('preview')
  @HttpCode(200)
  preview(@Body() body: unknown): Promise<BankPreview> {
    if (!(body instanceof MultipartBody)) throw new UnsupportedMediaTypeException(BANK_MESSAGES.notMultipart);
    const { mapping, headerLine } = mappingOf(body.fields);
    const accountId = body.fields.accountId ? Number(body.fields.accountId) : null;
    if (accountId !== null && !(Number.isInteger(accountId) && accountId > 0 && accountId < 2_147_483_648))
      throw new BadRequestException(BANK_MESSAGES.badAccount);
    return this.statements.preview(body.file?.data, mapping, headerLine, body.file?.fileName ?? '', accountId);
  }

  /** A discarded line, or one matched to a movement recorded by hand, back to deciding (204). */
  @Post('lines/:id/reopen')
  @HttpCode(204)
  reopen(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.decisions.reopen(user, id);
  }

  @Post('confirm')
  @HttpCode(200)
  confirm(@CurrentUser() user: User, @Body() body: ConfirmBankLinesDto): Promise<BankConfirmResult> {
    return this.decisions.confirm(user, body.lines, body.layout ?? null);
  }
}
