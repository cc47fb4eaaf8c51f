import { chmodSync, existsSync, lstatSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The address that stands for the peer of a Unix socket, which has none: the proxy on this machine.
 * Every request then has an address, one the proxy sends without X-Forwarded-For (a health check) too.
 */
export const socketPeerAddress = '127.0.0.1';

/** Where HOST and PORT (or the socket HOST names) cannot be listened on: said in one line at start. */
export class ListenRefused extends Error {
  override name = 'ListenRefused';
}

/** The operating system's refusals, in words naming the setting to change. */
function refusalOf(error: unknown, where: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') return new ListenRefused(`${where} is in use by another process`);
  if (code === 'EACCES' || code === 'EPERM')
    return new ListenRefused(`${where} may not be listened on by this user`);
  if (code === 'ENOENT') return new ListenRefused(`${where}: its folder does not exist`);
  if (code === 'EADDRNOTAVAIL') return new ListenRefused(`${where}: this machine has no such address`);
  return error;
}

/**
 * Starts serving on HOST and PORT, or on the Unix socket HOST names (`unix:/run/practice-site/app.sock`).
 * The socket is made 0660 (owner and group may connect; a socket needs write permission to connect), so
 * that only the site's own group, which the proxy's user joins, reaches the app: nobody else on the
 * machine can send it an X-Forwarded-For of their choosing. It is never wider before that: the site's
 * umask leaves it 0600 or less when it is made.
 */
export async function listen(app: FastifyInstance, config: Pick<Config, 'host' | 'port' | 'socketPath'>) {
  const { socketPath } = config;
  if (!socketPath) {
    return app
      .listen({ port: config.port, host: config.host })
      .catch((error) => Promise.reject(refusalOf(error, `HOST ${config.host} and PORT ${config.port}`)));
  }
  await removeStaleSocket(socketPath);
  app.server.on('connection', (socket: Socket) => {
    Object.defineProperty(socket, 'remoteAddress', { value: socketPeerAddress });
  });
  const address = await app
    .listen({ path: socketPath })
    .catch((error) => Promise.reject(refusalOf(error, `The socket HOST names, ${socketPath},`)));
  chmodSync(socketPath, 0o660);
  return address;
}

/** A socket file left by a process that died is removed; one another process still listens on is not. */
async function removeStaleSocket(socketPath: string) {
  if (!existsSync(socketPath)) return;
  if (!lstatSync(socketPath).isSocket())
    throw new ListenRefused(`${socketPath}, which HOST names, is a file, not a socket: name a free path`);
  const listening = await new Promise<boolean>((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (listening) throw new ListenRefused(`Another process is listening on ${socketPath}`);
  rmSync(socketPath);
}
