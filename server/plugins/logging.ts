import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Settings } from '../config';

/** Where log lines go instead of standard output (tests read them). */
export type LogStream = { write(line: string): void };

/**
 * Log lines never carry credentials: request logs hold method and URL only, and these paths are
 * censored should a handler ever log a header or a body.
 */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordConfirm',
  '*.currentPassword',
  '*.newPassword',
  '*.resetCode',
  '*.token',
  '*.resetToken',
];

/** LOG_FORMAT=pretty: one readable line an event (time, level, message), written at once, for a developer's terminal. */
const readableLog = () =>
  pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    sync: true,
  });

/** A readable log in the terminal (LOG_FORMAT=pretty) when no stream is given; the JSON lines otherwise. */
const isReadable = (settings: Settings, logStream?: LogStream) => !logStream && settings.logFormat === 'pretty';

/** Fastify's logger options: level, redaction and where lines go. */
export function loggerOptions(
  settings: Settings,
  logStream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level: settings.logLevel,
      redact: REDACTED_LOG_PATHS,
      ...((logStream ?? settings.logFormat === 'pretty') && { stream: logStream ?? readableLog() }),
    },
    // Readable logs say each request once, when it is answered (registerRequestLog), instead of twice.
    logController: new LogController({ disableRequestLogging: isReadable(settings, logStream) }),
  };
}

/** In a readable log, one line a request when it is answered: method, URL, status and time taken. */
export function registerRequestLog(app: FastifyInstance, settings: Settings, logStream?: LogStream) {
  if (!isReadable(settings, logStream)) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(`${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
  });
}
