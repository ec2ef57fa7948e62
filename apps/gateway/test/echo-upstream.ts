import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Module,
  Param,
  Post,
} from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import { ServiceKitModule } from '@platform/service-kit';
import type { ServiceConfig } from '@platform/service-kit';

/** A stand-in for a service behind the gateway: echoes what it was sent. */
@Controller('v1/customers')
class EchoController {
  @Post()
  echo(@Body() body: unknown, @Headers() headers: Record<string, string>): unknown {
    return {
      body,
      account: headers['x-account-id'],
      mode: headers['x-mode'],
      key: headers['x-key-id'],
      requestId: headers['x-request-id'],
      token: headers['x-internal-token'] === TEST_INTERNAL_TOKEN,
    };
  }

  @Get()
  list(@Headers() headers: Record<string, string>): unknown {
    return {
      entity: 'collection',
      count: 0,
      items: [],
      account: headers['x-account-id'],
      mode: headers['x-mode'],
      clockOffset: headers['x-clock-offset'] ?? null,
      features: headers['x-features'] ?? null,
    };
  }
}

/** Answers the simulator like the payments service: the checkout ids, for the gateway to sign. */
@Controller('v1/simulator')
class EchoSimulatorController {
  @Post('payments')
  @HttpCode(200)
  pay(@Body() body: { order_id?: string; fail?: boolean }): unknown {
    return {
      razorpay_payment_id: 'pay_EchoPayment00001',
      razorpay_order_id: body.order_id,
      payment: { id: 'pay_EchoPayment00001', entity: 'payment' },
    };
  }
}

/** Stands in for the payments service's QR images: a few fixed bytes, only with the internal token. */
@Controller('internal/qr-codes')
class EchoQrImageController {
  @Get(':id/image.png')
  @Header('content-type', 'image/png')
  image(@Param('id') id: string, @Headers('x-internal-token') token: string): Buffer {
    return Buffer.from(`png of ${id}, token ${token === TEST_INTERNAL_TOKEN ? 'ok' : 'missing'}`);
  }
}

@Module({})
export class EchoModule {
  static register(config: ServiceConfig): DynamicModule {
    return {
      module: EchoModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'echo',
          config,
          entities: [],
          migrations: [],
          relay: false,
        }),
      ],
      controllers: [EchoController, EchoSimulatorController, EchoQrImageController],
    };
  }
}
