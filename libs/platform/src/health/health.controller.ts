import { MikroORM } from '@mikro-orm/postgresql';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '@app/shared';

@ApiTags('health')
@Public()
// Load balancers probe these many times a minute from one address; a 429 would take the instance out.
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly orm: MikroORM,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process is up and serving HTTP', description: 'For an orchestrator: no key, no database call.' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    summary: 'Readiness: the database answers and every migration is applied',
    description: 'For a load balancer: 503 while the database is unreachable or a migration is pending.',
  })
  ready() {
    return this.health.check([() => this.database.pingCheck('database', { timeout: 1500 }), () => this.migrationsApplied()]);
  }

  private async migrationsApplied() {
    const indicator = this.indicators.check('migrations');
    try {
      const pending = await this.orm.migrator.getPending();
      return pending.length === 0 ? indicator.up() : indicator.down({ pending: pending.map((migration) => migration.name) });
    } catch {
      return indicator.down({ message: 'cannot read the migrations table' });
    }
  }
}
