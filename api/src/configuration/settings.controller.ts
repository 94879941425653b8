import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import type { PublicConfig, Settings, User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import { CurrentUser, Public, Roles } from '../common/auth.decorators';
import type { AppConfig } from '../config';
import { DEMO_ACCOUNTS } from '../users/demo-accounts';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What the landing and login pages need before anyone signs in. */
  @Public()
  @Get('config')
  async publicConfig(): Promise<PublicConfig> {
    const { classYear } = await this.settings.get();
    const demoAccounts = this.config.seedDemo ? DEMO_ACCOUNTS.map(({ role, username, password }) => ({ role, username, password })) : [];
    return { classYear, demoAccounts, contactPhone: this.config.contactPhone, contactEmail: this.config.contactEmail };
  }

  @Get('settings')
  get(): Promise<Settings> {
    return this.settings.get();
  }

  @Roles('admin')
  @Put('settings')
  update(@CurrentUser() user: User, @Body() body: UpdateSettingsDto): Promise<Settings> {
    return this.settings.update(user, body);
  }
}
