// Baseline 2, the framework ceiling: a minimal NestJS 12 app on Express (plain JS, decorators
// applied by calling them) with a `pg` pool. One controller answers the providers page (scenario
// A) and the bookings page (scenario B) with the service's statements and byte-identical JSON.
// No guards, pipes, interceptors, helmet or logging: what Nest + Express cost by themselves.
//
//   PORT=4002 DATABASE_URL=postgresql://... node bench/baselines/nest-express.mjs
import 'reflect-metadata';
import { BadRequestException, Controller, Get, Inject, Module, NotFoundException, Param, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createPool, createQueries, loadBuiltStatements, NotFound, pageRequest } from './queries.mjs';
import { exitWithParent } from './lifecycle.mjs';

const QUERIES = 'BASELINE_QUERIES';
const POOL = 'BASELINE_POOL';

class ListsController {
  constructor(queries) {
    this.queries = queries;
  }

  providers(organisationId, query) {
    return this.run('providers', organisationId, query);
  }

  bookings(organisationId, query) {
    return this.run('bookings', organisationId, query);
  }

  async run(list, organisationId, query) {
    const page = pageRequest(query);
    if (!page) throw new BadRequestException('bad page or limit');
    try {
      return await this.queries[list](organisationId, page);
    } catch (error) {
      if (error instanceof NotFound) throw new NotFoundException(error.message);
      throw error;
    }
  }
}

Controller('v1/organisations/:organisationId')(ListsController);
Inject(QUERIES)(ListsController, undefined, 0);
for (const [method, path] of [
  ['providers', 'providers'],
  ['bookings', 'bookings'],
]) {
  const prototype = ListsController.prototype;
  Object.defineProperty(
    prototype,
    method,
    Reflect.decorate([Get(path)], prototype, method, Object.getOwnPropertyDescriptor(prototype, method)),
  );
  Param('organisationId')(prototype, method, 0);
  Query()(prototype, method, 1);
}

const pool = createPool(process.env.DATABASE_URL, Number(process.env.POOL_MAX || 10));
pool.on('error', () => undefined);

class BaselineModule {}
Module({
  controllers: [ListsController],
  providers: [
    { provide: POOL, useValue: pool },
    {
      provide: QUERIES,
      useFactory: async (connections) =>
        createQueries(connections, await loadBuiltStatements(process.env.DATABASE_URL)),
      inject: [POOL],
    },
  ],
})(BaselineModule);

const app = await NestFactory.create(BaselineModule, { logger: ['error'] });
await app.listen(Number(process.env.PORT || 4002), '127.0.0.1');
process.stdout.write(`nest-express baseline listening on ${await app.getUrl()}\n`);

exitWithParent(async () => {
  await app.close();
  await pool.end();
});
