import { MikroORM } from '@mikro-orm/postgresql';
import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import {
  HealthCheck,
  HealthCheckService,
  type HealthIndicatorFunction,
  HealthIndicatorService,
  MikroOrmHealthIndicator,
} from '@nestjs/terminus';
import { ApiErrors, Public, ReadReplicas } from '@app/shared';

const CHECKS = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string', example: 'up' } },
  },
};
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
    private readonly replicas: ReadReplicas,
  ) {}

  @Get('live')
  @ApiOperation({
    summary: 'Liveness: the process is up and serving HTTP',
    description: 'For an orchestrator: no key, no database call.',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['ok'], example: 'ok' } },
    },
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  // Terminus would document its 503 as JSON; the problem filter answers it as problem+json.
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiErrors(HttpStatus.SERVICE_UNAVAILABLE)
  @ApiOperation({
    summary: 'Readiness: the database answers and every migration is applied',
    description:
      'For a load balancer: 503 while the database is unreachable or a migration is pending. With read replicas, `readReplicas` reports each (`current`, `lagging`, `down`, …) and is always up: the primary answers reads a replica cannot.',
  })
  @ApiOkResponse({ description: "Terminus's health check result.", schema: READINESS })
  ready() {
    const checks: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: 1500 }),
      () => this.migrationsApplied(),
    ];
    if (this.replicas.configured) checks.push(() => this.readReplicas());
    return this.health.check(checks);
  }

  private async readReplicas() {
    return this.indicators.check('readReplicas').up({ replicas: await this.replicas.states() });
  }

  private async migrationsApplied() {
    const indicator = this.indicators.check('migrations');
    try {
      const pending = await this.orm.migrator.getPending();
      return pending.length === 0
        ? indicator.up()
        : indicator.down({ pending: pending.map((migration) => migration.name) });
    } catch {
      return indicator.down({ message: 'cannot read the migrations table' });
    }
  }
}
