/**
 * Every migration, in order. Generated with `npm run migration:generate -- src/database/migrations/<Name>`
 * and never rewritten once landed.
 */
export const MIGRATIONS: Function[] = [];
