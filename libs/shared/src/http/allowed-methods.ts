import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Request } from 'express';

interface Route {
  path: string;
  pattern: RegExp;
  /** How many of its segments are parameters: of two routes a path matches, the one with fewer is the path's. */
  params: number;
  methods: readonly string[];
}

const routeOf = (path: string, methods: readonly string[]): Route => ({
  path,
  pattern: patternOf(path),
  params: path.split('/').filter((segment) => segment.startsWith(':')).length,
  methods,
});

const patternOf = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

type PathMetadata = string | string[] | undefined;

const pathsOf = (metadata: PathMetadata): string[] => (Array.isArray(metadata) ? metadata : [metadata ?? '/']);

/** `v1/organisations` and `:organisationId` → `/v1/organisations/:organisationId`, as Nest joins them. */
const joined = (...parts: string[]): string =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * The methods each path answers to, for the `Allow` of a 405: read from the controllers' own route
 * decorators (Nest's route metadata) the first time a request no route took asks, plus the few
 * routes served outside controllers (the API docs), which `add` names.
 */
@Injectable()
export class AllowedMethods {
  private routes?: Route[];
  private readonly outsideControllers: Route[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** Routes that no controller declares (`GET` ones answer `HEAD` too). */
  add(methods: readonly string[], paths: readonly string[]): void {
    this.outsideControllers.push(...paths.map((path) => routeOf(path, methods)));
  }

  /**
   * The methods the request's path answers to, for a request no route took; empty when no route
   * has this path (a 404). GET routes answer HEAD too.
   */
  of(request: Request): string[] {
    const matching = this.all().filter((route) => route.pattern.test(request.path));
    // A literal segment is the path's own: `…/remittances/fetch` answers its methods, not those of `…/remittances/:remittanceId`.
    const fewest = Math.min(...matching.map((route) => route.params));
    const methods = new Set(matching.filter((route) => route.params === fewest).flatMap((route) => route.methods));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }

  /**
   * For a request to a literal path that a parameter route beside it would otherwise take
   * (`GET …/remittances/fetch`, which only answers `POST`, beside `GET …/remittances/:remittanceId`):
   * the methods the literal path answers to, when the request's is not one of them. Otherwise
   * `undefined`: routing goes on as usual. One test per such literal path, so cheap on every request.
   */
  refusedByLiteralPath(request: Request): string[] | undefined {
    for (const route of (this.shadowed ??= this.shadowedRoutes())) {
      if (!route.pattern.test(request.path)) continue;
      const allowed = this.of(request);
      return allowed.includes(request.method) ? undefined : allowed;
    }
    return undefined;
  }

  private shadowed?: Route[];

  private all(): Route[] {
    return (this.routes ??= [...this.controllerRoutes(), ...this.outsideControllers]);
  }

  /** The routes whose path a route with more parameters also matches. */
  private shadowedRoutes(): Route[] {
    const routes = this.all();
    return routes.filter((route) =>
      routes.some((other) => other.params > route.params && other.pattern.test(route.path.replace(/:[^/]+/g, 'x'))),
    );
  }

  private controllerRoutes(): Route[] {
    return this.discovery.getControllers().flatMap(({ metatype }) => {
      if (!metatype) return [];
      const controllerPaths = pathsOf(this.reflector.get<PathMetadata>(PATH_METADATA, metatype));
      const prototype = metatype.prototype as Record<string, unknown>;
      return this.scanner.getAllMethodNames(prototype).flatMap((name) => {
        const handler = prototype[name] as () => unknown;
        const method = this.reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
        if (method === undefined || method === RequestMethod.ALL) return [];
        return pathsOf(this.reflector.get<PathMetadata>(PATH_METADATA, handler)).flatMap((methodPath) =>
          controllerPaths.map((controllerPath) => routeOf(joined(controllerPath, methodPath), [RequestMethod[method]])),
        );
      });
    });
  }
}
