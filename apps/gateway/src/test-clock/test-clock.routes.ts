import { badRequest, ErrorMessages, MAX_UNIX_TIME } from '@platform/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TestClockRegistry } from './test-clock.registry';

/** At most ten years per call: enough for any schedule the platform has, small enough to stay exact. */
export const MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 3600;

export const ADVANCE_CLOCK_PATH = '/v1/simulator/clock/advance';

export const PAST_MAX_TIME = `The test clock cannot be moved past ${MAX_UNIX_TIME} (9999-12-31T23:59:59Z), the latest time the API takes: advance it by fewer seconds.`;

/**
 * `POST /v1/simulator/clock/advance {"seconds": N}`: moves the caller's test-mode clock forward (it
 * never goes back). Answered by the gateway itself, which owns the clocks; test keys only.
 */
export function registerTestClockRoutes(fastify: FastifyInstance, clocks: TestClockRegistry): void {
  fastify.post(ADVANCE_CLOCK_PATH, async (request, reply) => {
    const caller = request.caller;
    if (!caller) return reply.status(400).send(badRequest(ErrorMessages.urlNotFound));
    if (caller.mode !== 'test')
      return reply
        .status(400)
        .send(badRequest('The test clock exists in test mode only: use a test key (rzp_test_…).'));
    const seconds = readSeconds(request, reply);
    if (seconds === null) return reply;
    const clock = await clocks.advance(caller.accountId, seconds, String(request.id));
    if (!clock) return reply.status(400).send(badRequest(PAST_MAX_TIME, { field: 'seconds' }));
    return reply.send(clock);
  });
}

/** The `seconds` of the body, or null after answering 400 with the problem. */
function readSeconds(request: FastifyRequest, reply: FastifyReply): number | null {
  const refuse = (description: string, field?: string) =>
    void reply.status(400).send(badRequest(description, field ? { field } : {}));
  let body: unknown;
  try {
    const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    refuse(ErrorMessages.invalidJson);
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    refuse(ErrorMessages.invalidJson);
    return null;
  }
  const unknown = Object.keys(body).find((key) => key !== 'seconds');
  if (unknown !== undefined) {
    refuse(`${unknown} is/are not required and should not be sent`, unknown);
    return null;
  }
  const seconds = (body as { seconds?: unknown }).seconds;
  if (seconds === undefined) refuse('The seconds field is required.', 'seconds');
  else if (typeof seconds !== 'number' || !Number.isInteger(seconds))
    refuse('The seconds must be an integer.', 'seconds');
  else if (seconds < 1 || seconds > MAX_ADVANCE_SECONDS)
    refuse(`The seconds must be between 1 and ${MAX_ADVANCE_SECONDS} (ten years).`, 'seconds');
  else return seconds;
  return null;
}
