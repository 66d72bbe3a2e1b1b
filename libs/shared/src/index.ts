// The shared HTTP conventions every context uses: errors, paging, expansion, access markers, logging.
export * from './domain/index.js';
export * from './http/problem.js';
export * from './http/problem.filter.js';
export * from './http/validation.pipe.js';
export * from './http/request-pipeline.js';
export * from './http/request-body.guard.js';
export * from './http/access.decorators.js';
export * from './http/api-docs.decorators.js';
export * from './paging/page.query.js';
export * from './expansion/expansion.js';
export * from './expansion/expand.decorator.js';
export * from './logging/logging.module.js';
export * from './config/app-config.js';
export * from './shared.module.js';
export * from './http/path-ids.js';
export * from './http/may-be-omitted.decorator.js';
