import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { PhotoRefusal } from '#server/pictures/photo-sizes.ts';
import {
  addFirmBadge,
  removeFirmBadge,
  removeFirmLogo,
  removeHomePicture,
  uploadFirmLogo,
  uploadHomePicture,
} from '#shared/api/back-office-firm.ts';
import {
  badgeMessages,
  badgeMinPixels,
  heroMessages,
  logoMaxBytes,
  logoMessages,
} from '#shared/firm-pictures.ts';
import { photoMaxBytes } from '#shared/photos.ts';
import { makeHero } from './hero.ts';
import type { LiveFirm } from './live-firm.ts';
import { checkLogo, checkMark, MarkRefusal } from './marks.ts';
import {
  addBadge,
  type FirmBadge,
  type FirmHero,
  type FirmLogo,
  removeBadge,
  savePicture,
} from './stored-pictures.ts';

/**
 * A file of twice `bytes` as base64: a file somewhat over the limit still arrives, to be refused in words
 * that name the field, rather than by the body's size alone.
 */
const bodyLimitFor = (bytes: number) => Math.ceil((bytes * 2 * 4) / 3) + 64 * 1024;

/**
 * The owner's uploads of the logo and the home page's picture. Each is checked and made into what the
 * site serves before anything is stored, so a refused file leaves the published one as it was; a stored
 * one is shown by this instance before the answer, and by the others within seconds.
 */
export function registerPictureUploads(
  app: FastifyInstance,
  { db, firm, now }: { db: Db; firm: LiveFirm; now: () => Date },
) {
  app.addHook('onRoute', (route) => {
    if (route.url === addFirmBadge.path && route.method === 'POST')
      route.bodyLimit = bodyLimitFor(logoMaxBytes);
    if (route.method !== 'PUT') return;
    if (route.url === uploadFirmLogo.path) route.bodyLimit = bodyLimitFor(logoMaxBytes);
    if (route.url === uploadHomePicture.path) route.bodyLimit = bodyLimitFor(photoMaxBytes);
  });

  /** Stores what `make` made of the upload (or nothing, for a refusal it threw), and says so. */
  const take = async (
    reply: FastifyReply,
    kind: 'logo' | 'hero',
    staffId: number,
    make: () => Promise<FirmLogo | FirmHero | null>,
    messages: { saved: string; removed: string; noDetails: string },
  ) => {
    let picture: FirmLogo | FirmHero | null;
    try {
      picture = await make();
    } catch (error) {
      if (!(error instanceof MarkRefusal || error instanceof PhotoRefusal)) throw error;
      return reply.status(error.status).send(failure(error.message));
    }
    if (!(await savePicture(db, kind, picture, { by: staffId, now: now() })))
      return reply.status(409).send(failure(messages.noDetails));
    await firm.refresh();
    return reply.send(succeeded(picture ? messages.saved : messages.removed));
  };

  serve(app, uploadFirmLogo, (request, reply) =>
    take(
      reply,
      'logo',
      request.staff.id,
      () => checkLogo(Buffer.from(request.body.data, 'base64'), request.body.contentType),
      logoMessages,
    ),
  );
  serve(app, removeFirmLogo, (request, reply) =>
    take(reply, 'logo', request.staff.id, async () => null, logoMessages),
  );
  serve(app, addFirmBadge, async (request, reply) => {
    const { data, contentType, alt } = request.body;
    let badge: FirmBadge;
    try {
      badge = {
        ...(await checkMark(Buffer.from(data, 'base64'), contentType, badgeMessages, badgeMinPixels)),
        alt,
      };
    } catch (error) {
      if (!(error instanceof MarkRefusal)) throw error;
      return reply.status(error.status).send(failure(error.message));
    }
    const added = await addBadge(db, badge, { by: request.staff.id, now: now() });
    const refused = {
      full: badgeMessages.tooMany,
      duplicate: badgeMessages.duplicate,
      'no-firm': badgeMessages.noDetails,
    };
    if (added !== 'added') return reply.status(409).send(failure(refused[added]));
    await firm.refresh();
    return reply.send(succeeded(badgeMessages.saved));
  });
  serve(app, removeFirmBadge, async (request, reply) => {
    if (!(await removeBadge(db, request.params.key, { by: request.staff.id, now: now() })))
      return reply.status(404).send(failure(badgeMessages.unknown));
    await firm.refresh();
    return reply.send(succeeded(badgeMessages.removed));
  });
  serve(app, uploadHomePicture, (request, reply) => {
    const { data, contentType, alt } = request.body;
    return take(
      reply,
      'hero',
      request.staff.id,
      () => makeHero(Buffer.from(data, 'base64'), contentType, alt),
      heroMessages,
    );
  });
  serve(app, removeHomePicture, (request, reply) =>
    take(reply, 'hero', request.staff.id, async () => null, heroMessages),
  );
}
