// The agent's root logger. The device token never appears in logs.
import pino, { type Logger } from 'pino';

export function createAgentLogger(level: string, deviceId: string): Logger {
  return pino({
    level,
    base: { service: 'crawl-agent', deviceId },
    redact: { paths: ['token', '*.token', 'headers.authorization', '*.authorization'], censor: '[redacted]' },
  });
}
