import { logger } from 'firebase-functions';

/** Named log helpers: one structured line per business event. */
export const log = {
  info: (event: string, fields: Record<string, unknown> = {}) => logger.info(event, { event, ...fields }),
  warn: (event: string, fields: Record<string, unknown> = {}) => logger.warn(event, { event, ...fields }),
  error: (event: string, fields: Record<string, unknown> = {}) => logger.error(event, { event, ...fields }),
};
