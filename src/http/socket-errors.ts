// What a WebSocket's errors are worth in the log: a client breaking the protocol (a frame over the size bound, bad UTF-8) is its mistake, not ours.
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** ws names every protocol violation it detects in a peer's frames with a WS_ERR_ code and closes the socket itself. */
function isClientMistake(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}

/**
 * A frame over the bound or otherwise malformed is logged at info, without a stack: anyone can send one without signing
 * in, so at error level it would flood the log that operators watch. ws already answers it with its close code (1009
 * for a frame too large), so the socket is left to finish that close; anything else is ours, logged and cut.
 */
export function socketErrorHandler(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (isClientMistake(error)) {
    request.log.info({ code: error.code, reason: error.message, url: request.url }, 'WebSocket closed: the client sent a frame the protocol refuses');
    return;
  }
  request.log.error({ err: error }, 'WebSocket handler failed');
  socket.terminate();
}
