import { Module } from '@nestjs/common';
import { AddonCommands } from './addon-commands';
import { AddonController } from './addon.controller';

@Module({ controllers: [AddonController], providers: [AddonCommands] })
export class AddonModule {}
