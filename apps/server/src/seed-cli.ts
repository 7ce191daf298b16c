import { loadConfig } from './config';
import { migrate } from './migrate';
import { openDatabase } from './db/open';
import { seedDemo } from './seed';
import { storageFor } from './platform/storage';
import { wireApp } from './modules/wiring';

const config = loadConfig();
const database = await openDatabase(config);
await migrate(database);
wireApp();
const done = await seedDemo(database.db, config.DEMO_PASSWORD, process.argv.includes('--force'), { dataDir: config.dataDir, storage: storageFor(config) });
await database.close();
console.info(done ? '演示数据已写入' : '数据库已有数据，未重复写入（加 --force 强制追加）');
