import { PUBLIC_PAGES } from './public-pages.plugin';
import type { PublicPage } from './public-pages.plugin';

const QR_IMAGE = PUBLIC_PAGES.find((page) => page.what === 'QR image') as PublicPage;

/**
 * The OpenAPI description of the public page that is part of the API (public-pages.plugin.ts): a QR
 * code's image, which its `image_url` points at. The HTML pages (bills, invoices, subscriptions,
 * payment links) are for people, not integrators, and are not described.
 */
export const publicPagePaths = {
  [QR_IMAGE.route.replace(':file', '{file}')]: {
    get: {
      tags: ['QR codes'],
      summary: 'The image of a QR code',
      operationId: 'fetchQrCodeImage',
      description:
        "What a QR code's `image_url` points at: the code as a PNG (480 px, error correction M), drawn from its UPI intent. **No authentication**: the image is meant to be printed and shared, and the id is unguessable; any code's image is served, closed codes included. Cached publicly for a day (`cache-control: public, max-age=86400`).",
      security: [],
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: `\`<QR code id>.png\`. Any other file name (another prefix, another extension, a malformed id) is answered 400 "The requested URL was not found on the server."; a well-formed id of no code, 400 "The id provided does not exist".`,
          schema: { type: 'string', pattern: QR_IMAGE.file.source },
          examples: { image: { value: 'qr_1Aa00000000001.png' } },
        },
      ],
      responses: {
        '200': {
          description: 'The PNG',
          content: {
            'image/png': {
              schema: { type: 'string', format: 'binary', contentMediaType: 'image/png' },
            },
          },
        },
        '400': {
          description: 'A file name that is not `<QR code id>.png`, or the id of no QR code',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
          },
        },
      },
    },
  },
};
