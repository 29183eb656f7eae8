// Which methods a concrete path offers, from every route registered: what a 405 names in its Allow header.
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface AllowedMethods {
  /** The methods some route serves at this path (query ignored), sorted; empty when no route matches any method. */
  at(url: string): string[];
}

/**
 * Records every route as Fastify registers it (call before the routes are registered: onRoute sees only later ones).
 * A router of its own answers "which methods match this path"; Fastify's answers one method at a time, by pattern.
 */
export function trackAllowedMethods(app: FastifyInstance, maxParamLength: number): AllowedMethods {
  const router = FindMyWay({ maxParamLength });
  const methods = new Set<HTTPMethod>();
  const seen = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of ([] as string[]).concat(route.method)) {
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      methods.add(method as HTTPMethod);
      router.on(method as HTTPMethod, route.url, () => undefined);
    }
  });
  return {
    at(url: string): string[] {
      const path = url.split('?')[0] ?? '';
      return [...methods].filter((m) => router.find(m, path) !== null).sort();
    },
  };
}
