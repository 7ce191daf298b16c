// Answers HTTP and WebSocket on a port (default 3000, the app's) for as long as the command after `--` runs: `.ci/run`
// runs `npm test` under it to show that no test depends on what listens on this machine (issue 64).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2] ?? 3000);
const command = process.argv.slice(process.argv.indexOf('--') + 1);
const server = http.createServer((_req, res) => res.end('{"success":false,"message":"not the app under test"}'));
new WebSocketServer({ server }).on('connection', (socket) => socket.send(JSON.stringify({ eventType: 'notice', count: 1 })));
server.on('error', (err) => console.log(`occupy-port: ${port} is taken already (${err.message}); running the command anyway`));
server.listen(port, () => console.log(`occupy-port: something answers on ${port} while \`${command.join(' ')}\` runs`));
const child = spawn(command[0], command.slice(1), { stdio: 'inherit', shell: false });
child.on('exit', (code, signal) => {
  server.close();
  process.exit(code ?? (signal ? 1 : 0));
});
