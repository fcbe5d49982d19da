import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { runPendingMigrations } from './database-migrator.js';
import { Sql } from './sql.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        if (!config.databaseUrl) throw new Error('No database URL: main.ts starts the embedded PostgreSQL when DATABASE_URL is unset.');
        return { ...dataSourceOptions(config.databaseUrl, config.databasePoolSize), retryAttempts: 3, retryDelay: 1000 };
      },
      // Migrating here, before the DataSource is handed to anyone, means no module's start-up
      // code can query a table that a pending migration has yet to create.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        await runPendingMigrations(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [Sql],
  exports: [Sql],
})
export class DatabaseModule {}
