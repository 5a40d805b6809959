/**
 * Zod's English messages for everything the functions parse. The domain's schemas are Zod Mini
 * (so the web app loads a few kilobytes of Zod: packages/domain/src/form-schemas.ts), which loads
 * no locale: a check without a message of its own would answer just "Invalid input". Classic Zod
 * set this locale on import; set here, the callables' invalid-argument answers (parseData) keep
 * their words ("Invalid option: …", "Too big: …"; an unknown key is answered without naming it). Zod's configuration is
 * global to the process, so importing this module once is enough: index.ts does it first, and
 * caller.ts (parseData) for the handlers loaded without index.ts (the tests).
 */
import * as z from 'zod/mini';

z.config(z.locales.en());
