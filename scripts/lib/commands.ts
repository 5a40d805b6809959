/** npm and npx as a spawned command (without a shell, Windows needs their .cmd files). */
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** A Firebase (Google Cloud) project id: 6 to 30 lowercase letters, digits and dashes. */
export const FIREBASE_PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
