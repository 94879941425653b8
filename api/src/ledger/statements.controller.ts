import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { FamilyStatement, Statement, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { SessionFamily } from '../families/session-family';
import { toFamilyStatement } from './family-statement';
import { CashPaymentDto, PaymentOverrideDto, RemoveOverrideDto } from './dto/statement.dto';
import { StatementsService } from './statements.service';

/** The committee's view of a family's account: statement, own amounts, cash received. */
@Roles('admin')
@Controller('families/:id')
export class StatementsController {
  constructor(private readonly statements: StatementsService) {}

  @Get('statement')
  get(@Param('id', ParseIdPipe) id: number): Promise<Statement> {
    return this.statements.forFamily(id);
  }

  @Put('payments/:payment/override')
  setOverride(
    @CurrentUser() user: User,
    @Param('id', ParseIdPipe) id: number,
    @Param('payment', ParseIdPipe) payment: number,
    @Body() body: PaymentOverrideDto,
  ): Promise<Statement> {
    return this.statements.setOverride(user, id, payment, body);
  }

  @Delete('payments/:payment/override')
  removeOverride(
    @CurrentUser() user: User,
    @Param('id', ParseIdPipe) id: number,
    @Param('payment', ParseIdPipe) payment: number,
    @Body() body: RemoveOverrideDto,
  ): Promise<Statement> {
    return this.statements.removeOverride(user, id, payment, body);
  }

  @Post('payments/:payment/cash')
  @HttpCode(201)
  recordCash(
    @CurrentUser() user: User,
    @Param('id', ParseIdPipe) id: number,
    @Param('payment', ParseIdPipe) payment: number,
    @Body() body: CashPaymentDto,
  ): Promise<Statement> {
    return this.statements.recordCash(user, id, payment, body);
  }
}

/** A parent's own statement: the family comes from the session; what families read (family-statement.ts). */
@Roles('parent')
@Controller('my-family/statement')
export class MyStatementController {
  constructor(
    private readonly statements: StatementsService,
    private readonly families: SessionFamily,
  ) {}

  @Get()
  async get(@CurrentUser() user: User): Promise<FamilyStatement> {
    return toFamilyStatement(await this.statements.forFamily((await this.families.familyOf(user)).id));
  }
}
