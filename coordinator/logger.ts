// The coordinator's root logger: pino, with credentials redacted wherever they appear.
import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'coordinator' },
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        'api_key',
        '*.api_key',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
