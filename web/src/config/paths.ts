import { appPaths } from '@portal/domain';

/**
 * Every route string of the app, from the domain's route table (packages/domain/src/routes.ts).
 * Build links and redirects from these only.
 */
export const paths = appPaths;
