/**
 * Every entity the service persists, listed explicitly rather than globbed so that the compiled
 * service, the jest runs (TypeScript sources) and the TypeORM CLI load exactly the same set.
 * Each domain module adds its entities here when it lands.
 */
export const ENTITIES: Function[] = [];
