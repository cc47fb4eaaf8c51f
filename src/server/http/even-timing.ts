import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';

/**
 * Waits until `floorMs` have passed since the request arrived. An answer that must not tell one case from
 * another (a new address or one already on the list) says the same words; this makes it take the same
 * time too, since the work behind each case differs (a new address queues an email, a confirmed one
 * does nothing). The floor is set well above the slower case, and waiting costs no processor time.
 */
export async function answerNoSoonerThan(reply: FastifyReply, floorMs: number) {
  // A timer may fire up to a millisecond early (it counts whole milliseconds), so it is asked again.
  for (let left = floorMs - reply.elapsedTime; left > 0; left = floorMs - reply.elapsedTime) {
    await sleep(Math.ceil(left));
  }
}
