import { logger } from 'firebase-functions';

type Fields = Record<string, unknown>;

/**
 * The structured payload of one log line. `message` is the log entry's own text in Cloud
 * Logging: firebase-functions' logger sets it from the first argument and overwrites a
 * `message` field of the payload (and, for errors, replaces it with a stack trace). A field of
 * that name (an error's message, as most call sites pass) is therefore kept as `detail`.
 */
function logPayload(event: string, fields: Fields = {}): Fields {
  const { message, ...rest } = fields;
  return message === undefined ? { event, ...rest } : { event, ...rest, detail: message };
}

/** Named log helpers: one structured line per business event. */
export const log = {
  info: (event: string, fields: Fields = {}) => logger.info(event, logPayload(event, fields)),
  warn: (event: string, fields: Fields = {}) => logger.warn(event, logPayload(event, fields)),
  error: (event: string, fields: Fields = {}) => logger.error(event, logPayload(event, fields)),
};
