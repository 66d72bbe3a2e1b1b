import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';

/** One route the service answers: its method and URL, and the file of the controller that serves it. */
export interface Route {
  method: string;
  path: string;
  file: string;
}

/** Where docs/architecture.md keeps the table. */
export const ROUTE_TABLE_START = '<!-- route table: written by `npm run docs:routes`, checked by a test -->';
export const ROUTE_TABLE_END = '<!-- end of the route table -->';

/**
 * Every route of the running application, read from Nest's own route metadata (the controllers'
 * and their handlers' paths and methods), in URL order, each with the file its controller class is
 * declared in under `root`.
 */
export function routesOf(app: INestApplication, root: string): Route[] {
  const files = controllerFiles(root);
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const prefix = pathOf(metatype);
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (
          name === 'constructor' ||
          typeof handler !== 'function' ||
          Reflect.getMetadata(PATH_METADATA, handler) === undefined
        )
          continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const file = files.get(metatype.name);
        if (!file) throw new Error(`No file under ${root} declares the controller ${metatype.name}`);
        routes.push({ method, path: joinPaths(prefix, pathOf(handler)), file });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method));
}

/** The routes as the Markdown table docs/architecture.md shows, between its markers. */
export function routeTable(routes: Route[]): string {
  const rows = routes.map(({ method, path, file }) => `| \`${method}\` | \`${path}\` | \`${file}\` |`);
  return [ROUTE_TABLE_START, '', '| Method | URL | File |', '|:--|:--|:--|', ...rows, '', ROUTE_TABLE_END].join('\n');
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'ALL'];

function pathOf(target: object): string {
  const path = Reflect.getMetadata(PATH_METADATA, target) as string | string[] | undefined;
  return (Array.isArray(path) ? path[0] : path) ?? '';
}

/** `/`-joined, with `:name` parameters written `{name}` as the OpenAPI document writes them. */
function joinPaths(prefix: string, path: string): string {
  const joined = `/${[prefix, path]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** Controller class name → its file, relative to `root`, from the `*.controller.ts` files of apps/ and libs/. */
function controllerFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const folder of ['apps', 'libs']) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.controller.ts')) continue;
      const path = join(entry.parentPath, entry.name);
      for (const [, name] of readFileSync(path, 'utf8').matchAll(/export class (\w+)/g))
        files.set(name, relative(root, path));
    }
  }
  return files;
}
