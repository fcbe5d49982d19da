import { Identity1795363767880 } from './1795363767880-Identity.js';

/**
 * Every migration, in order. Generated with `npm run migration:generate -- src/database/migrations/<Name>`
 * against an empty database, and never rewritten once landed.
 */
export const MIGRATIONS: Function[] = [Identity1795363767880];
