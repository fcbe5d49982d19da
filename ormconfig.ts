import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/database/data-source-options.js';
import { embeddedDatabaseUrl } from './src/database/embedded-postgres.js';
import { loadConfiguration } from './src/config/app-config.js';

// The DataSource the TypeORM CLI uses: DATABASE_URL, or the embedded PostgreSQL of a running `npm start`.
const config = loadConfiguration(process.env);
export default new DataSource(dataSourceOptions(config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgres)));
