import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Request } from 'express';

interface Route {
  pattern: RegExp;
  methods: readonly string[];
}

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
    this.outsideControllers.push(...paths.map((path) => ({ pattern: patternOf(path), methods })));
  }

  /**
   * The methods the request's path answers to, for a request no route took; empty when no route
   * has this path (a 404). GET routes answer HEAD too.
   */
  of(request: Request): string[] {
    const methods = new Set<string>();
    for (const route of (this.routes ??= [...this.controllerRoutes(), ...this.outsideControllers])) {
      if (route.pattern.test(request.path)) route.methods.forEach((method) => methods.add(method));
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
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
          controllerPaths.map((controllerPath) => ({
            pattern: patternOf(joined(controllerPath, methodPath)),
            methods: [RequestMethod[method]],
          })),
        );
      });
    });
  }
}
