import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { DatabaseMigrator } from './database-migrator.js';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        if (!config.databaseUrl) throw new Error('No database URL: main.ts starts the embedded PostgreSQL when DATABASE_URL is unset.');
        return { ...dataSourceOptions(config.databaseUrl, config.databasePoolSize), retryAttempts: 3, retryDelay: 1000 };
      },
    }),
  ],
  providers: [DatabaseMigrator],
})
export class DatabaseModule {}
