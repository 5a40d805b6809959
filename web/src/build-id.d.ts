/**
 * Set by vite.config.ts for each build (a new value per `vite build` and per dev server start):
 * what the device's last view (lib/last-view.ts) is checked against. Absent in tests.
 */
declare const __WEB_BUILD_ID__: string | undefined;
