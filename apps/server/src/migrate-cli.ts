import { loadConfig } from './config';
import { migrate } from './migrate';
import { openDatabase } from './db/open';

const database = await openDatabase(loadConfig());
await migrate(database);
await database.close();
console.info('数据库迁移完成');
