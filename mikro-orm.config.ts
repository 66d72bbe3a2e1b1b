// Configuration for the MikroORM CLI (`npx mikro-orm migration:create`, `migration:check`).
// The service builds the same configuration in apps/api/src/database/orm-config.ts.
import { createOrmConfig } from './apps/api/src/database/orm-config.js';

if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to use the MikroORM CLI');

export default createOrmConfig(process.env.DATABASE_URL);
