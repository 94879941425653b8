import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { Public } from '../common/auth.decorators';
import { MESSAGES } from '../common/api-exception.filter';
import { Database } from '../database/database.service';
import { ClassScope } from '../common/class-scope';

/** For load balancers and docker-compose healthchecks. */
@Public()
@ClassScope('deployment')
@Controller('health')
export class HealthController {
  constructor(private readonly db: Database) {}

  /** Liveness: the process answers. */
  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers too. */
  @Get('ready')
  async ready(): Promise<{ status: 'ok'; database: 'ok' }> {
    try {
      await this.db.manager.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException(MESSAGES.unavailable);
    }
    return { status: 'ok', database: 'ok' };
  }
}
