import { Controller, Get, Param, Res } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import type { FastifyReply } from 'fastify';
import { getQrCodeForImage } from './qr-code-details/qr-code-details.query';
import { qrCodePng } from './qr-code-image';

/**
 * The PNG behind a code's `image_url`, for the gateway's public `/qr/:id.png` (an image is printed
 * and shared, so it needs no key; the id is unguessable). Internal: the gateway's token is checked.
 */
@Controller('internal/qr-codes')
export class QrCodeImageController {
  constructor(private readonly database: Database) {}

  /** The image headers are set only for an image: an unknown id gets the JSON error envelope (400), not a broken PNG. */
  @Get(':id/image.png')
  async image(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const code = orNotFound(await getQrCodeForImage(this.database, id));
    const png = await qrCodePng(code);
    void reply.headers({ 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
    return png;
  }
}
