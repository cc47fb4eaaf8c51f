import type { FastifyInstance } from 'fastify';

/** Every [method, path] the app serves (HEAD left out), read from Fastify's route tree. */
export function routesOf(app: FastifyInstance): [string, string][] {
  const routes: [string, string][] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + (match[2] as string);
    parents[depth] = path;
    for (const method of (match[3] as string).split(', ')) {
      if (method !== 'HEAD') routes.push([method, path]);
    }
  }
  return routes;
}
