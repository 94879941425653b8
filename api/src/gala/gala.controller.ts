import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, StreamableFile } from '@nestjs/common';
import type { GalaArrivals, GalaCheckIn, GalaDoor, GalaDetails, GalaPass, GalaPlan, MyGala, User } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { XLSX_CONTENT_TYPE } from '../reports/spreadsheet-stream';
import {
  GalaAssignDto,
  GalaCheckInDto,
  GalaDetailsDto,
  GalaGuestsDto,
  GalaLayoutDto,
  GalaNearDto,
  GalaTableDto,
  GalaUndoCheckInDto,
} from './dto/gala.dto';
import { GalaService } from './gala.service';
import { SeatingListService } from './seating-list.service';
import { ParseTableNumberPipe } from './table-number.pipe';

/** The committee's plan, passes and door; the door's three routes are also for door accounts. */
@Roles('admin')
@Controller('gala')
export class GalaController {
  constructor(
    private readonly gala: GalaService,
    private readonly seatingList: SeatingListService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  plan(): Promise<GalaPlan> {
    return this.gala.plan();
  }

  @Put('details')
  setDetails(@Body() body: GalaDetailsDto): Promise<GalaDetails> {
    return this.gala.setDetails(body);
  }

  @Post('layout')
  @HttpCode(200)
  layout(@Body() body: GalaLayoutDto): Promise<GalaPlan> {
    return this.gala.layout(body.count, body.columns);
  }

  @Put('tables/:number')
  putTable(@Param('number', ParseTableNumberPipe) number: number, @Body() body: GalaTableDto): Promise<GalaPlan> {
    return this.gala.putTable(number, body);
  }

  @Delete('tables/:number')
  removeTable(@Param('number', ParseTableNumberPipe) number: number): Promise<GalaPlan> {
    return this.gala.removeTable(number);
  }

  @Put('tables/:number/family')
  assign(@Param('number', ParseTableNumberPipe) number: number, @Body() body: GalaAssignDto): Promise<GalaPlan> {
    return this.gala.assign(number, body.familyId);
  }

  @Delete('tables/:number/family')
  unassign(@Param('number', ParseTableNumberPipe) number: number): Promise<GalaPlan> {
    return this.gala.unassign(number);
  }

  @Post('auto-assign')
  @HttpCode(200)
  autoAssign(): Promise<GalaPlan> {
    return this.gala.autoAssign();
  }

  @Post('families/:id/pass/revoke')
  @HttpCode(204)
  revokePass(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.gala.revokePass(id);
  }

  /** The door screen's families: found by name or table, no e-mail, phone or payments. */
  @Get('door')
  @Roles('admin', 'door')
  @Header('Cache-Control', 'no-store')
  door(): Promise<GalaDoor> {
    return this.gala.door();
  }

  @Post('check-in')
  @Roles('admin', 'door')
  @HttpCode(200)
  checkIn(@Body() body: GalaCheckInDto): Promise<GalaCheckIn> {
    return this.gala.checkIn(body);
  }

  /** A check-in made by mistake: the family is no longer in, and 'Historial' keeps why. */
  @Post('families/:id/check-in/undo')
  @HttpCode(204)
  undoCheckIn(@Param('id', ParseIdPipe) id: number, @Body() body: GalaUndoCheckInDto): Promise<void> {
    return this.gala.undoCheckIn(id, body.reason.trim());
  }

  @Get('arrivals')
  @Roles('admin', 'door')
  @Header('Cache-Control', 'no-store')
  arrivals(): Promise<GalaArrivals> {
    return this.gala.arrivals();
  }

  // Families' and guests' names: no shared cache may keep a copy.
  @Get('seating.xlsx')
  @Header('Cache-Control', 'no-store')
  async seatingXlsx(): Promise<StreamableFile> {
    return new StreamableFile(await this.seatingList.xlsx(), {
      type: XLSX_CONTENT_TYPE,
      disposition: `attachment; filename="mesas-fiesta-${todayInGuatemala()}.xlsx"`,
    });
  }
}

/** A family's own gala: always the session's family. */
@Roles('parent')
@Controller('my-gala')
export class MyGalaController {
  constructor(private readonly gala: GalaService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  get(@CurrentUser() user: User): Promise<MyGala> {
    return this.gala.myGala(user);
  }

  @Put('guests')
  setGuests(@CurrentUser() user: User, @Body() body: GalaGuestsDto): Promise<MyGala> {
    return this.gala.setGuests(user, body.guests);
  }

  @Put('near')
  setNear(@CurrentUser() user: User, @Body() body: GalaNearDto): Promise<MyGala> {
    return this.gala.setNear(user, body.graduateName?.trim() || null);
  }

  @Get('pass')
  @Header('Cache-Control', 'no-store')
  pass(@CurrentUser() user: User): Promise<GalaPass> {
    return this.gala.pass(user);
  }
}
