import { Injectable } from '@nestjs/common';
import type { Settings } from '@portal/contracts';
import { Database } from '../database/database.service';
import { SettingsEntity } from './settings.entity';

const SETTINGS_ID = 1;

function toSettings(row: SettingsEntity): Settings {
  return {
    classYear: row.classYear,
    finalPaymentDeadline: row.finalPaymentDeadline,
    awards: { date: row.awardsDate, startTime: row.awardsStartTime, endTime: row.awardsEndTime, place: row.awardsPlace },
    brunch: { date: row.brunchDate, startTime: row.brunchStartTime, endTime: row.brunchEndTime, place: row.brunchPlace },
    bank: {
      bankName: row.bankName,
      accountNumber: row.bankAccountNumber,
      accountHolder: row.bankAccountHolder,
      receiptsPhone: row.bankReceiptsPhone,
    },
  };
}

function toRow(settings: Settings): Omit<SettingsEntity, 'id'> {
  return {
    classYear: settings.classYear,
    finalPaymentDeadline: settings.finalPaymentDeadline,
    awardsDate: settings.awards.date,
    awardsStartTime: settings.awards.startTime,
    awardsEndTime: settings.awards.endTime,
    awardsPlace: settings.awards.place.trim(),
    brunchDate: settings.brunch.date,
    brunchStartTime: settings.brunch.startTime,
    brunchEndTime: settings.brunch.endTime,
    brunchPlace: settings.brunch.place.trim(),
    bankName: settings.bank.bankName.trim(),
    bankAccountNumber: settings.bank.accountNumber.trim(),
    bankAccountHolder: settings.bank.accountHolder.trim(),
    bankReceiptsPhone: settings.bank.receiptsPhone.trim(),
  };
}

@Injectable()
export class SettingsService {
  constructor(private readonly db: Database) {}

  async get(): Promise<Settings> {
    return toSettings(await this.db.manager.findOneByOrFail(SettingsEntity, { id: SETTINGS_ID }));
  }

  async update(settings: Settings): Promise<Settings> {
    await this.db.write((manager) => manager.update(SettingsEntity, { id: SETTINGS_ID }, toRow(settings)));
    return this.get();
  }
}
