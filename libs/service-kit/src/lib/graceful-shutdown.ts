import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

export interface ShutdownTiming {
  /**
   * How long the process keeps serving after SIGTERM while it already reports not-ready, so load
   * balancers (Kubernetes endpoints) stop sending it requests before it closes.
   */
  drainDelayMs: number;
  /** The whole shutdown's limit: past it the process exits anyway (keep it under the pod's grace period). */
  timeoutMs: number;
}

/** Whether this process is shutting down: readiness answers 503 from the first signal on. */
export const shutdownState = { closing: false };

/**
 * While closing, every response says `Connection: close`, so keep-alive clients (the gateway's pools)
 * open a new connection, to another replica, for their next request instead of sending it into a
 * socket that is about to close.
 */
export function closeConnectionsWhenClosing(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (shutdownState.closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * SIGTERM or SIGINT: report not-ready, keep answering for the drain delay, then close the app (Nest's
 * shutdown hooks: consumers leave their group, relays and jobs stop; Fastify stops accepting, closes
 * idle keep-alive connections and answers the requests in flight), then exit. Whatever still runs at
 * the timeout is abandoned: the process exits non-zero rather than outlive its grace period.
 */
export function shutDownOnSignals(
  app: INestApplication,
  timing: ShutdownTiming,
  log: (message: string) => void,
): void {
  const shutDown = async (signal: NodeJS.Signals) => {
    if (shutdownState.closing) return;
    shutdownState.closing = true;
    log(
      `${signal} received: not ready; closing in ${timing.drainDelayMs} ms, exiting within ${timing.timeoutMs} ms`,
    );
    setTimeout(() => {
      log(`shutdown took longer than ${timing.timeoutMs} ms: exiting now`);
      process.exit(1);
    }, timing.timeoutMs).unref();
    await new Promise((resolve) => setTimeout(resolve, timing.drainDelayMs));
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, (received) => void shutDown(received));
}
