import 'reflect-metadata';
import {
  Body,
  Controller,
  createParamDecorator,
  Get,
  HttpCode,
  Injectable,
  Module,
  Param,
  Post,
  Res,
} from '@nestjs/common';
import type { ExecutionContext, PipeTransform } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsString } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { ApiExceptionFilter, ApiValidationPipe, Caller } from '../src';
import type { RequestContext } from '../src';

/**
 * A route's parameter pipes and decorators as the services use them (the global validation pipe,
 * then the parameter's own; a decorator whose value is a promise): what a handler receives and
 * which failure a request is answered with, checked over real HTTP.
 */
class NoteDto {
  @IsString()
  text!: string;
}

/** A custom decorator whose value is a promise (as an async user lookup would be). */
const Later = createParamDecorator((data: string) => Promise.resolve(`later:${data}`));
const Headers = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<{ headers: Record<string, string> }>().headers,
);

/** Pipes that record the order they ran in, one of them answering with a promise. */
@Injectable()
class Upper implements PipeTransform {
  transform(value: string): string {
    return `${value.toUpperCase()}>upper`;
  }
}
@Injectable()
class Slow implements PipeTransform {
  async transform(value: string): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return `${value}>slow`;
  }
}

@Controller('params')
class ParamsController {
  @Post(':id')
  @HttpCode(200)
  create(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NoteDto,
  ): unknown {
    return { account: caller.accountId, id, text: body.text, dto: body instanceof NoteDto };
  }

  @Get('piped/:id')
  piped(@Param('id', Slow, Upper) id: string, @Later('x') later: string): unknown {
    return { id, later };
  }

  @Get('later/:id')
  later(@Later('y') later: string, @Param('id', Upper) id: string): unknown {
    return { later, id };
  }

  @Post('body-first')
  @HttpCode(200)
  bodyFirst(@Body() body: NoteDto, @Caller() caller: RequestContext): unknown {
    return { text: body.text, account: caller.accountId };
  }

  @Get('reply')
  async reply(@Res() reply: FastifyReply, @Headers() headers: Record<string, string>) {
    await reply.status(202).send({ answered: 'by the handler', host: Boolean(headers.host) });
  }
}

@Module({ controllers: [ParamsController], providers: [Upper, Slow] })
class ParamsModule {}

describe('route parameters through the patched Nest', () => {
  let app: NestFastifyApplication;
  let url: string;
  const caller = { 'x-account-id': 'acc_params00000001', 'x-mode': 'test' };

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ParamsModule, new FastifyAdapter(), {
      logger: false,
    });
    app.useGlobalFilters(new ApiExceptionFilter());
    app.useGlobalPipes(new ApiValidationPipe());
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(() => app.close());

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url.replace('[::1]', '127.0.0.1')}${path}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = caller) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('hands the handler its caller, its path parameter and its validated body', async () => {
    expect(await post('/params/cust_1', { text: 'hello' })).toEqual({
      status: 200,
      body: { account: 'acc_params00000001', id: 'cust_1', text: 'hello', dto: true },
    });
  });

  it('runs the global pipe, then the parameter pipes in order, awaiting one that answers with a promise', async () => {
    expect(await call('/params/piped/abc', { headers: caller })).toEqual({
      status: 200,
      body: { id: 'ABC>SLOW>upper', later: 'later:x' },
    });
  });

  it('awaits a custom decorator whose value is a promise before the pipes see it', async () => {
    expect(await call('/params/later/abc', { headers: caller })).toEqual({
      status: 200,
      body: { later: 'later:y', id: 'ABC>upper' },
    });
  });

  it('answers with the first failure: an invalid body is refused 400 naming the field', async () => {
    const refused = await post('/params/cust_1', { text: 42 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'text' });
  });

  it('reports a parameter that cannot be read before any pipe runs, whatever its position', async () => {
    // The body is invalid too, and comes first; the missing caller is still what is reported.
    const refused = await post('/params/body-first', { text: 42 }, {});
    expect(refused.status).toBe(401);
  });

  it('lets a handler that takes the reply answer by itself', async () => {
    expect(await call('/params/reply')).toEqual({
      status: 202,
      body: { answered: 'by the handler', host: true },
    });
  });
});
