import { MikroORM } from '@mikro-orm/postgresql';
import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckService, HealthIndicatorService, MikroOrmHealthIndicator } from '@nestjs/terminus';
import { ApiErrors, Public } from '@app/shared';

const CHECKS = { type: 'object', additionalProperties: { type: 'object', required: ['status'], properties: { status: { type: 'string', example: 'up' } } } };
const READINESS = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', example: 'ok' }, info: CHECKS, error: CHECKS, details: CHECKS },
  example: { status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } },
};

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
  @ApiOkResponse({ schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'], example: 'ok' } } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  // Terminus would document its 503 as JSON; the problem filter answers it as problem+json.
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiErrors(HttpStatus.SERVICE_UNAVAILABLE)
  @ApiOperation({
    summary: 'Readiness: the database answers and every migration is applied',
    description: 'For a load balancer: 503 while the database is unreachable or a migration is pending.',
  })
  @ApiOkResponse({ description: "Terminus's health check result.", schema: READINESS })
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
