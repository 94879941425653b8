import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, StreamableFile } from '@nestjs/common';
import type { GalaArrivals, GalaCheckIn, GalaDoor, GalaDetails, GalaPass, GalaPlan, MyGala, User } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { XLSX_CONTENT_TYPE } from '../spreadsheets/spreadsheet-stream';
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
import { GalaDoorService } from './gala-door.service';
import { GalaPlanService } from './gala-plan.service';
import { MyGalaService } from './my-gala.service';
import { SeatingListService } from './seating-list.service';
import { ParseTableNumberPipe } from './table-number.pipe';

/** The committee's plan, passes and door; the door's three routes are also for door accounts. */
@Roles('admin')
@Controller('gala')
export class GalaController {
  constructor(
    private readonly gala: GalaPlanService,
    private readonly entrance: GalaDoorService,
    private readonly seatingList: SeatingListService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  plan(): Promise<GalaPlan> {
    return this.gala.plan();
  }

  @Put('details')
  setDetails(@CurrentUser() user: User, @Body() body: GalaDetailsDto): Promise<GalaDetails> {
    return this.gala.setDetails(user, body);
  }

  @Post('layout')
  @HttpCode(200)
  layout(@CurrentUser() user: User, @Body() body: GalaLayoutDto): Promise<GalaPlan> {
    return this.gala.layout(user, body.count, body.columns);
  }

  @Put('tables/:number')
  putTable(
    @CurrentUser() user: User,
    @Param('number', ParseTableNumberPipe) number: number,
    @Body() body: GalaTableDto,
  ): Promise<GalaPlan> {
    return this.gala.putTable(user, number, body);
  }

  @Delete('tables/:number')
  removeTable(@CurrentUser() user: User, @Param('number', ParseTableNumberPipe) number: number): Promise<GalaPlan> {
    return this.gala.removeTable(user, number);
  }

  @Put('tables/:number/family')
  assign(@CurrentUser() user: User, @Param('number', ParseTableNumberPipe) number: number, @Body() body: GalaAssignDto): Promise<GalaPlan> {
    return this.gala.assign(user, number, body.familyId);
  }

  @Delete('tables/:number/family')
  unassign(@CurrentUser() user: User, @Param('number', ParseTableNumberPipe) number: number): Promise<GalaPlan> {
    return this.gala.unassign(user, number);
  }

  @Post('auto-assign')
  @HttpCode(200)
  autoAssign(@CurrentUser() user: User): Promise<GalaPlan> {
    return this.gala.autoAssign(user);
  }

  @Post('families/:id/pass/revoke')
  @HttpCode(204)
  revokePass(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.gala.revokePass(user, id);
  }

  /** The door screen's families: found by name or table, no e-mail, phone or payments. */
  @Get('door')
  @Roles('admin', 'door')
  @Header('Cache-Control', 'no-store')
  door(): Promise<GalaDoor> {
    return this.entrance.door();
  }

  @Post('check-in')
  @Roles('admin', 'door')
  @HttpCode(200)
  checkIn(@CurrentUser() user: User, @Body() body: GalaCheckInDto): Promise<GalaCheckIn> {
    return this.entrance.checkIn(user, body);
  }

  /** A check-in made by mistake: the family is no longer in, and 'Historial' keeps why. */
  @Post('families/:id/check-in/undo')
  @HttpCode(204)
  undoCheckIn(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: GalaUndoCheckInDto): Promise<void> {
    return this.entrance.undoCheckIn(user, id, body.reason.trim());
  }

  @Get('arrivals')
  @Roles('admin', 'door')
  @Header('Cache-Control', 'no-store')
  arrivals(): Promise<GalaArrivals> {
    return this.entrance.arrivals();
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
  constructor(private readonly gala: MyGalaService) {}

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
