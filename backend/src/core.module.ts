import { Module, RequestMethod } from '@nestjs/common';
import { ConfigModule, type ConfigType } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { allConfigs, appConfig, databaseConfig } from './config';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database/data-source';
import { guardPoolClients } from './database/pool-guard';
import { EventsModule } from './events/events.module';
import { traceIds } from './common/tracing/trace-context';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';

/** Infrastructure shared by the API and the worker: config, logs, PostgreSQL, Redis, queues, events. */
@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, load: allConfigs, ignoreEnvFile: true }),
    LoggerModule.forRootAsync({
      inject: [appConfig.KEY],
      useFactory: (app: ConfigType<typeof appConfig>) => ({
        pinoHttp: {
          level: app.logLevel,
          genReqId: (req) => String(req.headers['x-request-id'] ?? ''),
          autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/metrics' },
          // Every line logged inside a traced request or job names its trace and span (trace_id, span_id).
          mixin: () => traceIds(),
          redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-nowpayments-sig"]'],
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
        },
        forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
      }),
    }),
    TypeOrmModule.forRootAsync({
      inject: [databaseConfig.KEY],
      useFactory: (db: ConfigType<typeof databaseConfig>) => ({
        ...dataSourceOptions(db.url, db.poolSize, db),
        autoLoadEntities: true,
        logging: db.logQueries ? 'all' : ['error'],
      }),
      // A connection the server drops while nobody listens on it must not take the process down (pool-guard.ts).
      dataSourceFactory: async (options) => guardPoolClients(await new DataSource(options!).initialize()),
    }),
    RedisModule,
    QueueModule,
    EventsModule,
  ],
})
export class CoreModule {}
