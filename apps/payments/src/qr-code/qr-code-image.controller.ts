import { Controller, Get, Header, Param } from '@nestjs/common';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { getQrCodeForImage } from './qr-code-details/qr-code-details.query';
import { qrCodePng } from './qr-code-image';

/**
 * The PNG behind a code's `image_url`, for the gateway's public `/qr/:id.png` (an image is printed
 * and shared, so it needs no key; the id is unguessable). Internal: the gateway's token is checked.
 */
@Controller('internal/qr-codes')
export class QrCodeImageController {
  constructor(private readonly database: Database) {}

  @Get(':id/image.png')
  @Header('content-type', 'image/png')
  @Header('cache-control', 'public, max-age=86400')
  async image(@Param('id') id: string): Promise<Buffer> {
    const code = await getQrCodeForImage(this.database, id);
    if (!code) throw new NotFound();
    return qrCodePng(code);
  }
}
