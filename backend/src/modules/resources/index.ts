export { ResourcesModule } from './resources.module';
export { resourcesSeed } from './seed/resources.seed';
