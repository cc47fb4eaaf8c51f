import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { badgeFile, favicon, firmLogo, homePictureFile, sharePicture, touchIcon } from '#shared/api/site.ts';
import { defaultColours } from '#shared/colours.ts';
import { defaultTypeface } from '#shared/typefaces.ts';
import type { LiveFirm } from './live-firm.ts';
import { pictureVersionOf } from './site-firm-of.ts';
import { makeSitePictures, type SitePicture, type SitePictures } from './site-pictures.ts';

/** An SVG opened on its own is a document: it may draw with its own styles and nothing else. */
const drawingOnly = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * The logo, the pictures made from it and the home page's picture, from memory. Those a page names by an address with the
 * picture's version are kept by browsers for a year while current; the icons browsers ask for by name
 * are asked again each time (an unchanged one answers 304), so a new logo shows at the next visit.
 */
export function registerSitePictures(app: FastifyInstance, firm: LiveFirm) {
  const pictures = sitePicturesOf(firm, app.log);
  const version = () => pictureVersionOf(firm.current);

  serve(app, favicon, async (request, reply) =>
    sendPicture(request, reply, (await pictures()).favicon, version(), false),
  );
  serve(app, touchIcon, async (request, reply) => {
    // It is also the logo every email shows, which mail programs that show an email as a web page load
    // from another origin.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return sendPicture(request, reply, (await pictures()).touchIcon, version(), false);
  });
  serve(app, sharePicture, async (request, reply) =>
    sendPicture(request, reply, (await pictures()).share, version(), request.query.v === version()),
  );
  serve(app, firmLogo, (request, reply) => {
    const logo = firm.current?.logo;
    if (!logo) return reply.status(404).send(failure('The firm has no logo.'));
    reply.header('content-security-policy', drawingOnly);
    return sendPicture(request, reply, logo, logo.key, request.query.v === logo.key);
  });
  serve(app, badgeFile, (request, reply) => {
    const badge = firm.current?.badges?.find(({ key }) => `badge-${key}` === request.params.name);
    if (!badge) return reply.status(404).send(failure('No such badge now.'));
    reply.header('content-security-policy', drawingOnly);
    return sendPicture(request, reply, badge, badge.key, true);
  });
  // Named by its content: an address serves one picture for ever, or none once it is replaced.
  serve(app, homePictureFile, (request, reply) => {
    const file = firm.current?.hero?.files.find(({ name }) => name === request.params.name);
    if (!file) return reply.status(404).send(failure('No such picture now.'));
    return sendPicture(request, reply, file, file.name, true);
  });
}

/** The pictures of the firm as it is now: made at the first request after a change, then held. */
function sitePicturesOf(firm: LiveFirm, log: FastifyBaseLogger): () => Promise<SitePictures> {
  let made: { version: string; pictures: Promise<SitePictures> } | undefined;
  return () => {
    const version = pictureVersionOf(firm.current);
    if (made?.version !== version) {
      const current = firm.current;
      const colours = current?.details.colours ?? defaultColours;
      const name = current && {
        text: current.details.tradingName,
        typeface: current.details.typeface ?? defaultTypeface,
      };
      const attempt = {
        version,
        // The upload made these once already (logo.ts); should it fail here all the same, the icons
        // show the plain mark rather than an error, and the next request tries again.
        pictures: makeSitePictures(current?.logo, { colours, name }).catch((error: unknown) => {
          log.error(
            { err: error },
            'could not make the site’s pictures from the logo; showing the plain mark',
          );
          if (made === attempt) made = undefined;
          return makeSitePictures(undefined, { colours });
        }),
      };
      made = attempt;
    }
    return made.pictures;
  };
}

function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  picture: SitePicture,
  version: string,
  immutable: boolean,
) {
  const etag = `"${version}"`;
  reply
    .header('etag', etag)
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .type(picture.contentType);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(picture.bytes);
}
