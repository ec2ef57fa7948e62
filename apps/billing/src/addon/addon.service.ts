import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { onAddon } from './addon.stream';

/** An add-on's own use cases: its deletion. (Adding one reads its subscription: flows/add-addon.flow.ts.) */
@Injectable()
export class AddonService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  async remove(caller: RequestContext, addonId: string): Promise<void> {
    await this.handler.handle(
      onAddon(addonId, { type: 'DeleteAddon', data: {}, metadata: this.clock.metadata(caller) }),
    );
  }
}
