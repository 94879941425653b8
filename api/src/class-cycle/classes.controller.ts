import { Body, Controller, Get, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import type { ClassView, MyClass, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { XLSX_CONTENT_TYPE } from '../spreadsheets/spreadsheet-stream';
import { ClosingService } from './closing.service';
import { ClosingDto } from './dto/closing.dto';
import { ClassScope } from '../common/class-scope';

/** 'Cierre de la promoción' (docs/classes.md): the checklist, the proposal, a second admin's decision. */
@Roles('admin')
@ClassScope('class-any-state')
@Controller('class')
export class ClassController {
  constructor(private readonly closing: ClosingService) {}

  @Get()
  get(): Promise<ClassView> {
    return this.closing.view();
  }

  @Post('closing')
  propose(@CurrentUser() user: User, @Body() body: ClosingDto): Promise<ClassView> {
    return this.closing.propose(user, body);
  }

  @Post('closing/:id/approve')
  @HttpCode(200)
  approve(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<ClassView> {
    return this.closing.decide(user, id, 'approve');
  }

  /** The proposer withdraws it; another admin rejects it. */
  @Post('closing/:id/reject')
  @HttpCode(200)
  reject(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<ClassView> {
    return this.closing.decide(user, id, 'reject');
  }
}

/** The frozen 'Informe de rendición de cuentas' workbook, for the committee and the class's families. */
@Roles('admin', 'parent')
@ClassScope('class-any-state')
@Controller('class/report')
export class ClassReportController {
  constructor(private readonly closing: ClosingService) {}

  /** The committee's frozen workbook byte for byte; a family's is the families' version (family-report.ts). */
  @Get('workbook')
  async workbook(@CurrentUser() user: User): Promise<StreamableFile> {
    if (user.role === 'parent') {
      const { stream, year } = await this.closing.familiesWorkbook(user);
      return new StreamableFile(stream, {
        type: XLSX_CONTENT_TYPE,
        disposition: `attachment; filename="informe-rendicion-de-cuentas-familias-promocion-${year}.xlsx"`,
      });
    }
    const { bytes, year } = await this.closing.workbook();
    return new StreamableFile(bytes, {
      type: XLSX_CONTENT_TYPE,
      disposition: `attachment; filename="informe-rendicion-de-cuentas-promocion-${year}.xlsx"`,
    });
  }
}

/** A family's class: once closed, its frozen report with the family's own share. */
@Roles('parent')
@Controller('my-class')
export class MyClassController {
  constructor(private readonly closing: ClosingService) {}

  @Get()
  get(@CurrentUser() user: User): Promise<MyClass> {
    return this.closing.forParent(user);
  }
}
